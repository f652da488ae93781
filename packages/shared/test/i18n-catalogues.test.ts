import { describe, expect, it } from 'vitest';
import * as shared from '../src/index';
import type { TextPair } from '../src/i18n/index';
import { pidginCatalogue } from '../src/i18n/pcm/index';
import { catalogueTexts, englishOnlyTexts, sameInPidgin } from './support/pidgin-words';

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
    if (tokens(english).join() !== tokens(translated).join())
      problems.push(`${path}: placeholders ${tokens(english).join()} became ${tokens(translated).join()}`);
    return;
  }
  if (typeof english === 'function') {
    if (typeof translated !== 'function') return void problems.push(`${path}: a function in English, ${typeof translated} in translation`);
    if (english.length !== translated.length)
      problems.push(`${path}: ${english.length} parameters in English, ${translated.length} in translation`);
    const result = outputs(translated as (...args: unknown[]) => unknown, english as (...args: unknown[]) => unknown);
    if (result) {
      const [en, tr, args] = result;
      if (tr.trim() === '') problems.push(`${path}(): empty translation`);
      for (const arg of args) if (en.includes(arg) && !tr.includes(arg)) problems.push(`${path}(): drops an argument the English shows`);
      if (tokens(en).join() !== tokens(tr).join())
        problems.push(`${path}(): placeholders ${tokens(en).join()} became ${tokens(tr).join()}`);
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

describe.each(Object.entries(catalogues))('the %s catalogue', (language, pairs) => {
  const names = new Map(customerTextObjects.map(([name, value]) => [value, name]));
  const label = (english: object, index: number) => names.get(english) ?? `pair #${index}`;

  it('mirrors every English object it pairs: keys, arity, arguments, placeholders, no empty text', () => {
    const problems: Problem[] = [];
    pairs.forEach(([english, translated], index) => compare(english, translated, label(english, index), problems));
    expect(problems).toEqual([]);
  });

  it('reads in its own words: no text left as the English reads, but the names, figures and words allowed', () => {
    const all = catalogueTexts(pairs, label);
    const untranslated = all.filter(([, en, tr]) => en === tr && !(en in sameInPidgin)).map(([path, en]) => `${path}: ${en}`);
    expect(untranslated, `${untranslated.length} texts read as in English`).toEqual([]);
  });

  it('never uses an English text of the catalogue as a translation (a screen showing it would read English)', () => {
    const all = catalogueTexts(pairs, label);
    const englishOnly = englishOnlyTexts(pairs);
    // A sentence of four words or more is English inside a longer translation too (e2e/pidgin.spec.ts looks for it so).
    const sentences = [...englishOnly].filter((text) => text.split(' ').length >= 4);
    const clashes = all
      .filter(([, en, tr]) => en !== tr && (englishOnly.has(tr) || sentences.some((sentence) => tr.includes(sentence))))
      .map(([path, , tr]) => `${path}: ${tr}`);
    expect(clashes).toEqual([]);
  });

  it('pairs each English object once', () => {
    const seen = new Set<object>();
    const twice = pairs
      .filter(([english]) => (seen.has(english) ? true : (seen.add(english), false)))
      .map(([english], i) => label(english, i));
    expect(twice).toEqual([]);
  });

  it('pairs every customer-facing *Texts and *Messages object of the package', () => {
    const paired = new Set<object>(pairs.map(([english]) => english));
    const missing = customerTextObjects
      .filter(([, value]) => !paired.has(value))
      .map(([name]) => name)
      .sort();
    // Each name here is an English text object with no translation into this language yet.
    expect(missing, `not paired in the ${language} catalogue: ${missing.join(', ')}`).toEqual([]);
  });
});
