import { useSyncExternalStore } from 'react';
import { loadPidginCatalogue } from 'virtual:pidgin-catalogue';
import {
  defaultLanguage,
  documentLanguage,
  isLanguage,
  registerCatalogue,
  STORAGE_KEYS,
  textsIn,
  translateText,
  type Language,
} from '@wise/shared';

/**
 * The language the customer app renders in. English is built into every screen; another
 * language's catalogue is its own chunk, fetched before the language takes effect. The device
 * remembers the choice (STORAGE_KEYS.language), the account too (users.language): docs/i18n.md.
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
    const { pidginCatalogue } = await loadPidginCatalogue();
    registerCatalogue('pcm', pidginCatalogue);
  }
}

/** The language this device last used; English when none (or storage is unavailable). */
export function storedLanguage(): Language {
  try {
    const stored = localStorage.getItem(STORAGE_KEYS.language);
    return isLanguage(stored) ? stored : defaultLanguage;
  } catch {
    return defaultLanguage;
  }
}

function remember(language: Language): void {
  try {
    localStorage.setItem(STORAGE_KEYS.language, language);
  } catch {
    // Private mode or a full storage: the choice holds for this visit and stays on the account.
  }
}

/** Switches the app's language once its catalogue is loaded; the document's `lang` follows and the device remembers it. */
export async function applyLanguage(language: Language): Promise<void> {
  if (language !== defaultLanguage) await loadCatalogue(language);
  current = language;
  document.documentElement.lang = documentLanguage[language];
  remember(language);
  for (const listener of listeners) listener();
}

/**
 * Before the first render (main.tsx): the device's language with its catalogue, so the first
 * screen never flashes English. A catalogue that can't arrive (offline) leaves English.
 */
export async function startLanguage(): Promise<void> {
  const language = storedLanguage();
  // The page's HTML says `en`; the app's English is Nigerian English.
  if (language === defaultLanguage) document.documentElement.lang = documentLanguage[language];
  else await applyLanguage(language).catch(() => undefined);
}

/** At login the account's language wins over the device's, and the device takes it. */
export function adoptAccountLanguage(language: Language | undefined): void {
  if (language && language !== current) void applyLanguage(language).catch(() => undefined);
  else if (language) remember(language);
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

/** The same outside React (a toast raised from a callback): in the language of this moment. */
export const translateNow = (text: string): string => translateText(text, current);
