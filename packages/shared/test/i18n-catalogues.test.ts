import { describe, expect, it } from 'vitest';
import * as shared from '../src/index';
import type { TextPair } from '../src/i18n/index';
import { pidginCatalogue } from '../src/i18n/pcm/index';

/*
 * Every catalogue mirrors the English text objects it pairs (docs/i18n.md): the type-check holds
 * the shape, this holds what types cannot — the same keys at run time both ways, functions of the
 * same arity that keep every argument, `{placeholder}` tokens kept, no empty text — and that every
 * customer-facing text object of the package is paired.
 */
const catalogues: Record<string, readonly TextPair[]> = { pcm: pidginCatalogue };

type Problem = string;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const tokens = (text: string) => (text.match(/\{[A-Za-z_][\w.]*\}/g) ?? []).sort();

/** Calls a text function with arguments that can be found again in what it returns. */
function outputs(fn: (...args: unknown[]) => unknown, english: (...args: unknown[]) => unknown): [string, string, string[]] | undefined {
  for (const make of [(i: number) => `ARG${i}x`, (i: number) => 7001 + i]) {
    const args = Array.from({ length: english.length }, (_, i) => make(i));
    try {
      const en = english(...args);
      const tr = fn(...args);
      if (typeof en === 'string' && typeof tr === 'string') return [en, tr, args.map(String)];
    } catch {
      // This kind of argument does not suit the function: try the next.
    }
  }
  return undefined;
}

function compare(english: unknown, translated: unknown, path: string, problems: Problem[]): void {
  if (typeof english === 'string') {
    if (typeof translated !== 'string') return void problems.push(`${path}: a string in English, ${typeof translated} in translation`);
    if (translated.trim() === '') problems.push(`${path}: empty translation`);
    if (tokens(english).join() !== tokens(translated).join()) problems.push(`${path}: placeholders ${tokens(english).join()} became ${tokens(translated).join()}`);
    return;
  }
  if (typeof english === 'function') {
    if (typeof translated !== 'function') return void problems.push(`${path}: a function in English, ${typeof translated} in translation`);
    if (english.length !== translated.length) problems.push(`${path}: ${english.length} parameters in English, ${translated.length} in translation`);
    const result = outputs(translated as (...args: unknown[]) => unknown, english as (...args: unknown[]) => unknown);
    if (result) {
      const [en, tr, args] = result;
      if (tr.trim() === '') problems.push(`${path}(): empty translation`);
      for (const arg of args) if (en.includes(arg) && !tr.includes(arg)) problems.push(`${path}(): drops an argument the English shows`);
      if (tokens(en).join() !== tokens(tr).join()) problems.push(`${path}(): placeholders ${tokens(en).join()} became ${tokens(tr).join()}`);
    }
    return;
  }
  if (isRecord(english)) {
    if (!isRecord(translated)) return void problems.push(`${path}: an object in English, ${typeof translated} in translation`);
    for (const key of Object.keys(english)) {
      if (!(key in translated)) problems.push(`${path}.${key}: missing in translation`);
      else compare(english[key], translated[key], `${path}.${key}`, problems);
    }
    for (const key of Object.keys(translated)) if (!(key in english)) problems.push(`${path}.${key}: not in English`);
    return;
  }
  if (english !== translated) problems.push(`${path}: ${String(english)} became ${String(translated)}`);
}

/** Staff's words kept outside ./admin, beside the customer texts they go with: English, like the back office. */
const staffFacing = new Set(['limitStaffTexts']);

/** The package's exported text objects a customer reads (the back office's, in ./admin, stay English). */
const customerTextObjects = Object.entries(shared).filter(
  ([name, value]) => /(Texts|Messages)$/.test(name) && !staffFacing.has(name) && isRecord(value) && !Array.isArray(value),
) as [string, object][];

/**
 * Texts a catalogue may leave as the English reads, each with its reason: names (the brand, coins,
 * networks, official documents), figures and codes, and the few words Nigerian Pidgin uses as they
 * are (BBC News Pidgin writes them so). A function's text is checked with sample arguments, so
 * `ARG0 · Wise` stands for every screen title made of a name and the brand. Anything else left in
 * English is a text a Pidgin customer would read in English (docs/i18n.md "Checking a language").
 */
export const sameInPidgin: Record<string, string> = {
  Wise: 'the brand',
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
  'Wise · Sell your gift cards and crypto': 'unused: the landing title is translated',
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
  if (isRecord(english) && isRecord(translated)) for (const key of Object.keys(english)) texts(english[key], translated[key], `${path}.${key}`, out);
}

describe.each(Object.entries(catalogues))('the %s catalogue', (language, pairs) => {
  const names = new Map(customerTextObjects.map(([name, value]) => [value, name]));
  const label = (english: object, index: number) => names.get(english) ?? `pair #${index}`;

  it('mirrors every English object it pairs: keys, arity, arguments, placeholders, no empty text', () => {
    const problems: Problem[] = [];
    pairs.forEach(([english, translated], index) => compare(english, translated, label(english, index), problems));
    expect(problems).toEqual([]);
  });

  it('reads in its own words: no text left as the English reads, but the names, figures and words allowed', () => {
    const all: [string, string, string][] = [];
    pairs.forEach(([english, translated], index) => texts(english, translated, label(english, index), all));
    const untranslated = all.filter(([, en, tr]) => en === tr && !(en in sameInPidgin)).map(([path, en]) => `${path}: ${en}`);
    expect(untranslated, `${untranslated.length} texts read as in English`).toEqual([]);
  });

  it('never uses an English text of the catalogue as a translation (a screen showing it would read English)', () => {
    const all: [string, string, string][] = [];
    pairs.forEach(([english, translated], index) => texts(english, translated, label(english, index), all));
    const englishOnly = new Set(all.filter(([, en, tr]) => en !== tr).map(([, en]) => en));
    const clashes = all.filter(([, en, tr]) => en !== tr && englishOnly.has(tr)).map(([path, , tr]) => `${path}: ${tr}`);
    expect(clashes).toEqual([]);
  });

  it('pairs each English object once', () => {
    const seen = new Set<object>();
    const twice = pairs.filter(([english]) => (seen.has(english) ? true : (seen.add(english), false))).map(([english], i) => label(english, i));
    expect(twice).toEqual([]);
  });

  it('pairs every customer-facing *Texts and *Messages object of the package', () => {
    const paired = new Set<object>(pairs.map(([english]) => english));
    const missing = customerTextObjects.filter(([, value]) => !paired.has(value)).map(([name]) => name).sort();
    // Each name here is an English text object with no translation into this language yet.
    expect(missing, `not paired in the ${language} catalogue: ${missing.join(', ')}`).toEqual([]);
  });
});
