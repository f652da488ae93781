import { eq } from 'drizzle-orm';
import { defaultLanguage, hasCatalogue, registerCatalogue, textsIn, translateText, type Language } from '@wise/shared';
import { pidginCatalogue } from '@wise/shared/i18n/pcm';
import type { Db } from '#server/db/client';
import { users } from '#server/db/schema/index';

/**
 * Every catalogue, registered once when the app is built: they are small, and a customer's error
 * message, e-mail or notification may need any of them at any time (docs/i18n.md).
 */
export function registerLanguages(): void {
  if (!hasCatalogue('pcm')) registerCatalogue('pcm', pidginCatalogue);
}

/** The customer's language (users.language), English for an account that is gone. */
export async function languageOf(db: Db, userId: string): Promise<Language> {
  const [row] = await db.select({ language: users.language }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.language ?? defaultLanguage;
}

// Whatever imports this (a job worker that never built the app included) has the catalogues.
registerLanguages();

/**
 * A customer-facing text written for one customer: a plain English text (translated by reverse
 * lookup), or a function that picks the words from the customer's language, for a text with
 * parameters (`(language) => textsIn(notificationTexts, language).emailChanged(email)`).
 */
export type Localized = string | ((language: Language) => string);

export const localize = (text: Localized, language: Language): string =>
  typeof text === 'string' ? translateText(text, language) : text(language);

/** One of an English text object's texts, in the language the customer reads. */
export const textOf =
  <T extends object>(english: T, pick: (texts: T) => string): Localized =>
  (language) =>
    pick(textsIn(english, language));
