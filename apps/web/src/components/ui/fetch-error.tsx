import { RefreshCw } from 'lucide-react';
import { BadIcon } from './art/bad-icon';
import { Button } from './button';
import './fetch-error.css';
import { fetchErrorTexts } from '@wise/shared';
import { useTexts, useTranslate } from '#web/lib/i18n';

interface FetchErrorProps {
  /** docs/product.md §8's message for this screen, e.g. "Couldn't Fetch Profile Details". */
  message: string;
  onRetry: () => void;
  retrying?: boolean;
}

/** The error state of a screen whose data did not load: the product's message and a retry. */
export function FetchError({ message, onRetry, retrying }: FetchErrorProps) {
  const t = useTexts(fetchErrorTexts);
  // The screen's message is an English text (docs/product.md §8): shown in the app's language.
  const translate = useTranslate();
  return (
    <div className="fetch-error" role="alert">
      <BadIcon size={40} />
      <p className="fetch-error__text">{translate(message)}</p>
      <Button variant="secondary" className="fetch-error__retry" onClick={onRetry} busy={retrying} busyLabel={t.retrying}>
        <RefreshCw size={18} aria-hidden="true" /> {t.retry}
      </Button>
    </div>
  );
}
