import { describe, expect, it } from 'vitest';
import { quoteExpiredMetaSchema, quoteSchema } from '@wise/shared';
import { asQuote, quoteFromExpiredMeta } from './quote-shape';
import { quote } from './test-data';

/* The hand-written checks the sell screens use instead of zod, held to the shared schemas' verdict. */

const good = quote();
const quotes: unknown[] = [
  good,
  { ...good, extra: 'dropped' },
  { ...good, coin: 'doge' },
  { ...good, id: 7 },
  { ...good, amount: '1e3' },
  { ...good, amount: '-0.5' },
  { ...good, price_usd: '' },
  { ...good, coin_adjustment_ngn: '20' },
  { ...good, coin_adjustment_ngn: '+20.5' },
  { ...good, coin_adjustment_ngn: '-15' },
  { ...good, value_kobo: 0 },
  { ...good, value_kobo: 1.5 },
  { ...good, value_kobo: '100' },
  { ...good, value_kobo: 2 ** 60 },
  { ...good, value_ngn: '12.3' },
  { ...good, expires_at: undefined },
  { ...good, prices_at: null },
  null,
  [],
  'quote',
];

describe('asQuote', () => {
  it.each(quotes.map((value, index) => [index, value] as const))('case %i: as quoteSchema', (_index, value) => {
    const parsed = quoteSchema.safeParse(value);
    expect(asQuote(value)).toEqual(parsed.success ? parsed.data : undefined);
  });

  it('reads the quote of a QUOTE_EXPIRED meta as quoteExpiredMetaSchema', () => {
    for (const meta of [{ quote: good }, { quote: { ...good, value_kobo: -1 } }, {}, null, 'x']) {
      const parsed = quoteExpiredMetaSchema.safeParse(meta);
      expect(quoteFromExpiredMeta(meta)).toEqual(parsed.success ? parsed.data.quote : undefined);
    }
  });
});
