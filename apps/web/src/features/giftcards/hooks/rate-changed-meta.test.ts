import { describe, expect, it } from 'vitest';
import { rateChangedMetaSchema } from '@wise/shared';
import { rateChangedMeta } from './use-sell-gift-card';

/* The sell screen reads a RATE_CHANGED meta by hand (no zod at first paint), as the shared schema would. */

describe('rateChangedMeta', () => {
  it('reads a RATE_CHANGED meta as rateChangedMetaSchema', () => {
    const metas: unknown[] = [
      { exchange_rate: '1460', value_kobo: 146000 },
      { exchange_rate: '1460', value_kobo: 1.5 },
      { exchange_rate: 1460, value_kobo: 1 },
      { value_kobo: 1 },
      { exchange_rate: '1', value_kobo: 1, more: true },
      null,
      [],
      'x',
    ];
    for (const meta of metas) {
      const parsed = rateChangedMetaSchema.safeParse(meta);
      expect(rateChangedMeta(meta)).toEqual(parsed.success ? parsed.data : undefined);
    }
  });
});
