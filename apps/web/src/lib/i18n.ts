import { useSyncExternalStore } from 'react';
import { defaultLanguage, documentLanguage, registerCatalogue, textsIn, translateText, type Language } from '@wise/shared';

/**
 * The language the customer app renders in. English is built into every screen; another
 * language's catalogue is its own chunk, fetched before the language takes effect.
 */
let current: Language = defaultLanguage;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentLanguage(): Language {
  return current;
}

async function loadCatalogue(language: Language): Promise<void> {
  if (language === 'pcm') {
    const { pidginCatalogue } = await import('@wise/shared/i18n/pcm');
    registerCatalogue('pcm', pidginCatalogue);
  }
}

/** Switches the app's language once its catalogue is loaded; the document's `lang` follows. */
export async function applyLanguage(language: Language): Promise<void> {
  if (language !== defaultLanguage) await loadCatalogue(language);
  current = language;
  document.documentElement.lang = documentLanguage[language];
  for (const listener of listeners) listener();
}

export function useLanguage(): Language {
  return useSyncExternalStore(subscribe, currentLanguage, currentLanguage);
}

/** A shared text object in the app's language (re-renders when the language changes). */
export function useTexts<T extends object>(english: T): T {
  return textsIn(english, useLanguage());
}

/** Translates texts that arrive as plain strings: schema messages, server errors, toasts. */
export function useTranslate(): (text: string) => string {
  const language = useLanguage();
  return (text) => translateText(text, language);
}
