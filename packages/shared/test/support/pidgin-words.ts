import type { TextPair } from '../../src/i18n/index';

/*
 * What the catalogue test (test/i18n-catalogues.test.ts) and the Pidgin walk through the app
 * (e2e/pidgin.spec.ts) both read: the texts Pidgin may leave as the English reads, and which English
 * texts a Pidgin screen must never show.
 */

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * Texts a catalogue may leave as the English reads, each with its reason: names (the brand, coins,
 * networks, official documents), figures and codes, and the few words Nigerian Pidgin uses as they
 * are (BBC News Pidgin writes them so). A function's text is checked with sample arguments, so
 * `ARG0 · Wise` stands for every screen title made of a name and the brand. Anything else left in
 * English is a text a Pidgin customer would read in English (docs/i18n.md "Checking a language").
 */
export const sameInPidgin: Record<string, string> = {
  Wise: 'the brand',
  WhatsApp: 'a brand (the support channel)',
  'ARG0 · Wise': "a screen title: a name (a coin's, a card's, a plan's) and the brand",
  'Wise receipt · ARG0': 'the brand and a title',
  'ARG0 gems': 'a figure and the unit, the gems of Wise Gems (the brand)',
  'ARG0 Wise Gems': 'a figure and the brand',
  ' gems': 'the unit, the gems of Wise Gems (the brand)',
  gems: 'the unit, the gems of Wise Gems (the brand)',
  '+ARG0 gems': 'a figure and the unit',
  'ARG0 · ARG1 gems': 'a plan name, a figure and the unit',
  'ARG0 – ARG1': 'a range of figures',
  'ARG0 digits': 'a figure and a word Pidgin uses as it is',
  BVN: 'an official document name (Bank Verification Number)',
  NIN: 'an official document name (National Identification Number)',
  'Bank Verification Number': "the document's official name",
  'National Identification Number': "the document's official name",
  'Tier 0': "a level's name and number",
  'Tier 1': "a level's name and number",
  'Tier 2': "a level's name and number",
  'Gift cards · Crypto · Wise Gems': 'product names and the brand',
  'BTC, USDT, BNB and SOL': 'coin names',
  'Choose BTC, USDT, BNB or SOL': 'coin names',
  Home: 'the same word in Pidgin (BBC News Pidgin)',
  Wallet: 'the same word in Pidgin',
  Profile: 'the same word in Pidgin',
  Airtime: "the service's name as networks sell it",
  Data: "the service's name as networks sell it",
  TV: "the service's name",
  'Airtime · Wise': "the service's name and the brand",
  'Data · Wise': "the service's name and the brand",
  'TV · Wise': "the service's name and the brand",
  'Home · Wise': 'the same word in Pidgin, and the brand',
  'ARG0 Data Plans': "a network's name and the product as networks sell it",
  'ARG0 Data Plans · Wise': "a network's name, the product and the brand",
  'ARG0 data plans': "a network's name and the product as networks sell it",
  Transport: 'the same word in Pidgin',
  Rate: 'the market word for a buying price, the same in Pidgin',
  PIN: 'a code name',
  OTP: 'a code name',
  Token: "the electricity token's name, printed so on the meter",
  Network: 'the same word in Pidgin (a mobile network)',
  Prepaid: "a meter's type, printed so on the meter",
  Postpaid: "a meter's type, printed so on the meter",
  Today: 'the same word in Pidgin',
  Monday: "a day's name",
  Tuesday: "a day's name",
  Wednesday: "a day's name",
  Thursday: "a day's name",
  Friday: "a day's name",
  Saturday: "a day's name",
  Sunday: "a day's name",
  'Day ARG0': "a day's number (the Earn grid)",
};

/** Every text of a pair, with its path; a function's as it reads with sample arguments. */
function texts(english: unknown, translated: unknown, path: string, out: [string, string, string][]): void {
  if (typeof english === 'string' && typeof translated === 'string') return void out.push([path, english, translated]);
  if (typeof english === 'function' && typeof translated === 'function') {
    const args = Array.from({ length: english.length }, (_, i) => `ARG${i}`);
    try {
      const [en, tr] = [english(...args), translated(...args)];
      if (typeof en === 'string' && typeof tr === 'string') out.push([`${path}()`, en, tr]);
    } catch {
      // A text of figures only (it formats a number): its words are checked through its numbers' texts.
    }
    return;
  }
  if (isRecord(english) && isRecord(translated))
    for (const key of Object.keys(english)) texts(english[key], translated[key], `${path}.${key}`, out);
}

/** Every text of the pairs as [path, English, translation]; `label` names a pair's object. */
export function catalogueTexts(
  pairs: readonly TextPair[],
  label: (english: object, index: number) => string = (_, index) => `pair #${index}`,
): [string, string, string][] {
  const all: [string, string, string][] = [];
  pairs.forEach(([english, translated], index) => texts(english, translated, label(english, index), all));
  return all;
}

/** The English texts that read otherwise in the catalogue: a screen in that language showing one shows English. */
export function englishOnlyTexts(pairs: readonly TextPair[]): Set<string> {
  const all = catalogueTexts(pairs);
  // A text some object keeps as it is (a name, an allowed word) may show in any language.
  const kept = new Set(all.filter(([, en, tr]) => en === tr).map(([, en]) => en));
  return new Set(all.filter(([, en, tr]) => en !== tr && !kept.has(en)).map(([, en]) => en));
}
