/**
 * Languages of the customer app. English (docs/product.md's texts) is the source: every text lives
 * once, in an English text object in this package (`fieldMessages`, `passkeyTexts`, …). Another
 * language is a catalogue that mirrors those objects key for key (`Translation<typeof obj>`), loaded
 * only when a customer uses it. docs/i18n.md says how to add a language.
 */
export const languages = ['en', 'pcm'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'en';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

/** What the switch shows for each language, in that language. */
export const languageNames: Record<Language, string> = { en: 'English', pcm: 'Naijá (Pidgin)' };
/** The document's `lang` (BCP 47): Nigerian Pidgin is ISO 639-3 `pcm`. */
export const documentLanguage: Record<Language, string> = { en: 'en-NG', pcm: 'pcm-NG' };
/** Dates and numbers read the same in both: Nigerian English conventions through Intl. */
export const numberLocale = 'en-NG';

type Texts = Readonly<Record<string, unknown>>;

/**
 * The same shape as an English text object: a string for each string, a function with the same
 * parameters for each function, the same keys at every depth. A key missing on either side fails
 * the type-check and test/i18n-catalogues.test.ts.
 */
export type Translation<T> = {
  readonly [K in keyof T]: T[K] extends string
    ? string
    : T[K] extends (...args: infer A) => infer R
      ? (...args: A) => R
      : T[K] extends readonly (infer E)[]
        ? readonly (E extends string ? string : Translation<E>)[]
        : T[K] extends object
          ? Translation<T[K]>
          : T[K];
};

/** One English text object and its translation. */
export type TextPair = readonly [english: Texts, translated: Texts];

/** A pair, typed so that the translation must mirror the English object. */
export function pair<T extends object>(english: T, translated: Translation<T>): TextPair {
  return [english as Texts, translated as Texts];
}

interface Catalogue {
  /** An English object's content (see contentKey) → its translation. */
  readonly objects: Map<string, object>;
  /** English text → translation, for texts that arrive as plain strings (schema and server messages). */
  readonly phrases: Map<string, string>;
}

const catalogues = new Map<Language, Catalogue>();
const contentKeys = new WeakMap<object, string>();

/**
 * What identifies an English text object: its keys and texts, not the object itself. The web loads
 * a language's catalogue as one file built on its own (apps/web/build/language-catalogues.ts), with
 * its own copy of the English objects it pairs, so the screens' chunks keep their English inside
 * them; a copy has the same content as the object a screen holds.
 */
function contentKey(texts: object): string {
  let key = contentKeys.get(texts);
  if (key === undefined) {
    key = JSON.stringify(texts, (_name, value: unknown) => (typeof value === 'function' ? `(${value.length})` : value));
    contentKeys.set(texts, key);
  }
  return key;
}

function collectPhrases(english: unknown, translated: unknown, catalogue: Catalogue): void {
  if (typeof english === 'string' && typeof translated === 'string') {
    // The first pairing of an English text wins, so one text never reads two ways.
    if (!catalogue.phrases.has(english)) catalogue.phrases.set(english, translated);
    return;
  }
  if (english && translated && typeof english === 'object' && typeof translated === 'object') {
    const key = contentKey(english);
    if (!catalogue.objects.has(key)) catalogue.objects.set(key, translated);
    for (const name of Object.keys(english)) {
      collectPhrases((english as Texts)[name], (translated as Texts)[name], catalogue);
    }
  }
}

/** Makes a language's catalogue available (the web calls it once the catalogue's file has loaded). */
export function registerCatalogue(language: Language, pairs: readonly TextPair[]): void {
  const catalogue: Catalogue = catalogues.get(language) ?? { objects: new Map(), phrases: new Map() };
  for (const [english, translated] of pairs) collectPhrases(english, translated, catalogue);
  catalogues.set(language, catalogue);
}

export function hasCatalogue(language: Language): boolean {
  return language === defaultLanguage || catalogues.has(language);
}

/** The text object in `language`: its translation when that catalogue is registered, else the English one. */
export function textsIn<T extends object>(english: T, language: Language): T {
  if (language === defaultLanguage) return english;
  return (catalogues.get(language)?.objects.get(contentKey(english)) as T | undefined) ?? english;
}

/**
 * A text that arrives as a plain string (a schema's message, a server error) in `language`; a text
 * with no translation (already translated, or a name) comes back as it is.
 */
export function translateText(text: string, language: Language): string {
  if (language === defaultLanguage) return text;
  return catalogues.get(language)?.phrases.get(text) ?? text;
}
