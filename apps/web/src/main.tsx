import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { translateToastsWith } from './components/ui/toast';
import { adoptAccountLanguageWith } from './lib/auth-storage';
import { adoptAccountLanguage, startLanguage, translateNow } from './lib/i18n';
import './components/ui/tokens.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');
translateToastsWith(translateNow);
adoptAccountLanguageWith(adoptAccountLanguage);
// The device's language and its catalogue first: no first frame in English for a Pidgin reader.
void startLanguage().then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
