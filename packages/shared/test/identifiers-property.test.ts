import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COIN_IDS, cryptoSaleFieldsSchemaFor, parseTransactionId, transactionIdMessages, type CoinId } from '../src/index';
import { cardCodeSkeleton } from '../src/card-codes';

/**
 * Generated Unicode thrown at the identifier parsers (docs/identifiers.md): every string either
 * parses to the one stored form or is refused; strings that render alike (invisibles inserted,
 * lookalike letters, full-width forms, other separators) never parse to two different forms; and
 * the stored form is a fixed point.
 */

const HEX = '0123456789abcdef';
const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const STORED_HEX = /^[0-9a-f]{64}$/;
const STORED_BASE58 = /^[1-9A-HJ-NP-Za-km-z]{64,88}$/;

/** Characters that show nothing, or only steer layout. */
const INVISIBLES = [
  '\u200b',
  '\u200c',
  '\u200d',
  '\u2060',
  '\u00ad',
  '\u200e',
  '\u200f',
  '\u202a',
  '\u202c',
  '\u2066',
  '\u2069',
  '\ufeff',
  '\u180e',
  '\u034f',
  '\ufe0f',
];
/** Letters and digits of other scripts or forms that look like ASCII ones (a sample; UTS #39 has thousands). */
const LOOKALIKES: Record<string, string[]> = {
  a: ['\u0430', '\u0251', '\uff41'],
  c: ['\u0441', '\u03f2', '\uff43'],
  e: ['\u0435', '\uff45'],
  o: ['\u043e', '\u03bf', '\uff4f'],
  p: ['\u0440', '\u03c1'],
  x: ['\u0445', '\u00d7'],
  A: ['\u0410', '\u0391', '\uff21'],
  B: ['\u0412', '\u0392'],
  C: ['\u0421', '\u216d'],
  E: ['\u0415', '\u0395'],
  H: ['\u041d', '\u0397'],
  K: ['\u041a', '\u039a', '\u212a'],
  M: ['\u041c', '\u039c'],
  O: ['\u041e', '\u039f', '0'],
  P: ['\u0420', '\u03a1'],
  T: ['\u0422', '\u03a4'],
  X: ['\u0425', '\u03a7'],
  '0': ['\uff10', '\u1d0f', 'O'],
  '1': ['\uff11', 'l', 'I', '\u0399'],
  '2': ['\uff12'],
  '5': ['\uff15'],
};
const SEPARATORS = [
  ' ',
  '-',
  '\u2010',
  '\u2011',
  '\u2012',
  '\u2013',
  '\u2014',
  '\u2212',
  '\ufe63',
  '\uff0d',
  '.',
  '_',
  '/',
  '\u00a0',
  '\u3000',
  '\u00b7',
  '\uff0e',
  '\uff3f',
  '\uff0f',
];

const hexId = fc.string({ unit: fc.constantFrom(...HEX), minLength: 64, maxLength: 64 });
const signature = fc.uint8Array({ minLength: 64, maxLength: 64 }).map((bytes) => {
  let value = 0n;
  for (const byte of bytes) value = value * 256n + BigInt(byte);
  let text = '';
  for (; value > 0n; value /= 58n) text = BASE58[Number(value % 58n)] + text;
  for (const byte of bytes) {
    if (byte !== 0) break;
    text = `1${text}`;
  }
  return text;
});
const coin = fc.constantFrom<CoinId | undefined>(...COIN_IDS, undefined);
/** Anything at all, weighted towards the characters that matter here. */
const anyText = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 100 }),
  fc.string({
    unit: fc.constantFrom(
      ...HEX,
      'x',
      'X',
      ...BASE58,
      ...INVISIBLES,
      ...SEPARATORS,
      ...Object.values(LOOKALIKES).flat(),
      ':',
      '#',
      '"',
      "'",
    ),
    maxLength: 120,
  }),
  fc.tuple(hexId, fc.string({ maxLength: 4 }), fc.string({ maxLength: 4 })).map(([id, before, after]) => `${before}${id}${after}`),
);

/** `text` with `insert` placed at some positions. */
const sprinkled = (text: string, inserts: fc.Arbitrary<string>) =>
  fc.array(fc.tuple(fc.nat({ max: text.length }), inserts), { minLength: 1, maxLength: 4 }).map((edits) => {
    let result = text;
    for (const [at, insert] of edits.sort((a, b) => b[0] - a[0])) result = `${result.slice(0, at)}${insert}${result.slice(at)}`;
    return result;
  });

/** One or more characters of `text` swapped for a lookalike. */
const disguised = (text: string) =>
  fc.array(fc.nat({ max: Math.max(0, text.length - 1) }), { minLength: 1, maxLength: 3 }).chain((positions) =>
    fc.tuple(...positions.map((at) => fc.constantFrom(...(LOOKALIKES[text.charAt(at)] ?? [text.charAt(at)])))).map((swaps) => {
      const chars = [...text];
      positions.forEach((at, i) => (chars[at] = swaps[i] ?? chars[at] ?? ''));
      return chars.join('');
    }),
  );

// Thousands of generated cases each: seconds alone, longer beside other runs on a busy machine.
describe('transaction IDs', { timeout: 60_000 }, () => {
  it('every string parses to a stored form that is its own fixed point, or is refused', () => {
    fc.assert(
      fc.property(coin, anyText, (c, text) => {
        const parsed = parseTransactionId(c, text);
        if (!parsed.ok) return;
        if (parsed.id === undefined) {
          expect(text.trim()).toBe('');
          return;
        }
        expect(STORED_HEX.test(parsed.id) || STORED_BASE58.test(parsed.id)).toBe(true);
        expect(parseTransactionId(c, parsed.id)).toEqual(parsed);
      }),
      { numRuns: 3000 },
    );
  });

  it('a real ID with invisibles, lookalikes or separators in it is the same ID or refused — never another', () => {
    const disguise = (id: string) =>
      fc.oneof(
        sprinkled(id, fc.constantFrom(...INVISIBLES, ...SEPARATORS)),
        disguised(id),
        fc.constant(id.toUpperCase()),
        fc.constantFrom(
          `0x${id}`,
          `0x0x${id}`,
          `"${id}"`,
          `${id}.`,
          `#${id}`,
          `https://tronscan.org/#/transaction/${id}`,
          `https://etherscan.io/tx/0x${id}`,
          `https://mempool.space/tx/${id}`,
        ),
      );
    fc.assert(
      fc.property(
        coin,
        hexId.chain((id) => fc.tuple(fc.constant(id), disguise(id))),
        (c, [id, variant]) => {
          const parsed = parseTransactionId(c, variant);
          if (parsed.ok && parsed.id !== undefined) expect(parsed.id).toBe(id);
        },
      ),
      { numRuns: 3000 },
    );
    fc.assert(
      fc.property(
        fc.constantFrom<CoinId | undefined>('sol', 'usdt', undefined),
        signature.chain((id) =>
          fc.tuple(
            fc.constant(id),
            fc.oneof(
              sprinkled(id, fc.constantFrom(...INVISIBLES)),
              disguised(id),
              fc.constant(`https://solscan.io/tx/${id}?cluster=mainnet-beta`),
            ),
          ),
        ),
        (c, [id, variant]) => {
          const parsed = parseTransactionId(c, variant);
          if (parsed.ok && parsed.id !== undefined) expect(parsed.id).toBe(id);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('the sell form’s schema keeps what the parser keeps and refuses the rest with what an ID looks like', () => {
    fc.assert(
      fc.property(fc.constantFrom(...COIN_IDS), anyText, (c, text) => {
        const result = cryptoSaleFieldsSchemaFor(c).safeParse({ quote_id: '00000000-0000-4000-8000-000000000000', transaction_id: text });
        const parsed = parseTransactionId(c, text);
        if (parsed.ok && text.length <= 300) expect(result.success ? result.data.transaction_id : 'refused').toBe(parsed.id);
        else if (text.length <= 300) expect(result.error?.issues.map((issue) => issue.message)).toEqual([transactionIdMessages[c]]);
        else expect(result.success).toBe(false);
      }),
      { numRuns: 1500 },
    );
  });
});

describe('card codes', { timeout: 60_000 }, () => {
  const code = fc.string({ unit: fc.constantFrom(...'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'), minLength: 8, maxLength: 20 });

  it('a skeleton is its own skeleton, whatever the text', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const skeleton = cardCodeSkeleton(text);
        expect(cardCodeSkeleton(skeleton)).toBe(skeleton);
      }),
      { numRuns: 3000 },
    );
  });

  it('codes that render alike have one skeleton: invisibles, separators, lookalikes, full-width forms, case', () => {
    fc.assert(
      fc.property(
        code.chain((c) =>
          fc.tuple(
            fc.constant(c),
            fc.oneof(
              sprinkled(c, fc.constantFrom(...INVISIBLES, ...SEPARATORS)),
              disguised(c),
              fc.constant([...c].map((ch) => String.fromCodePoint(ch.codePointAt(0)! + 0xfee0)).join('')),
              fc.constant(c.toLowerCase()),
            ),
          ),
        ),
        ([c, variant]) => {
          expect(cardCodeSkeleton(variant)).toBe(cardCodeSkeleton(c));
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('keeps codes that differ in a letter or digit apart', () => {
    expect(cardCodeSkeleton('ABCD-2345')).not.toBe(cardCodeSkeleton('ABCD-2346'));
    expect(cardCodeSkeleton('ABCD-2345')).not.toBe(cardCodeSkeleton('ABCE-2345'));
    expect(cardCodeSkeleton('\u200b-\u2013 .')).toBe('');
  });
});
