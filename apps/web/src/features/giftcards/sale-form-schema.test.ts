import { describe, expect, it } from 'vitest';
import { compareDecimalStrings as compareDecimals, saleMessages, type SubCategory } from '@wise/shared';
import { saleValuePreview, saleValueText } from './components/sale-value';
import { saleFormSchema, withinBand } from './sale-form-schema';

const usa: SubCategory = {
  id: '6f1c1c9e-3f7e-4c43-9a39-0c7f3c1b2a10',
  subcategory: 'USA physical · $25–$100',
  exchange_rate: '1450.00',
  kind: 'physical',
  country: 'USA',
  min_amount: '25.00',
  max_amount: '100.00',
  currency: 'USD',
};
const schema = saleFormSchema([usa]);

/** The first message the form would show under each field. */
function errorsFor(input: Record<string, string>) {
  const result = schema.safeParse({ subcategory_id: usa.id, amount: '50', comment: '', card_code: '', ...input });
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('the live naira value', () => {
  it('is amount × exchange_rate to the kobo, grouped, with ₦', () => {
    expect(saleValueText('25', '1450.00')).toBe('₦36,250.00');
    expect(saleValueText('100', '1450.00')).toBe('₦145,000.00');
    expect(saleValueText('19.99', '1234.57')).toBe('₦24,679.05');
    expect(saleValueText('250000', '1650')).toBe('₦412,500,000.00');
  });

  it('is exact where binary floats are not (half-up on the true product)', () => {
    // 1.15 × 0.5 = 0.575 naira = 57.5 kobo → 58; in floats 1.15 * 0.5 * 100 is 57.49999999999999.
    expect(saleValueText('1.15', '0.5')).toBe('₦0.58');
    // 1.005 naira is 100.5 kobo → 101; floats read 100.49999999999999.
    expect(saleValueText('1', '1.005')).toBe('₦1.01');
    expect(saleValueText('0.29', '100')).toBe('₦29.00');
  });

  it('shows nothing for an amount the form would refuse', () => {
    for (const amount of ['', 'abc', '-5', '0', '25.123', '1e3', '25,00']) expect(saleValueText(amount, '1450.00'), amount).toBeUndefined();
  });
});

describe('the value panel outside the card’s band', () => {
  it('shows the band’s message, the very one the form refuses the amount with, instead of a value', () => {
    const message = 'Enter an amount between $25.00 and $100.00 for this card';
    expect(saleValuePreview('100.01', usa)).toEqual({ kind: 'out-of-band', text: message });
    expect(saleValuePreview('5', usa)).toEqual({ kind: 'out-of-band', text: message });
    expect(errorsFor({ amount: '5' })).toEqual({ amount: message });
  });

  it('shows the value at the edges and nothing for an amount that is not one', () => {
    expect(saleValuePreview('25', usa)).toEqual({ kind: 'value', text: '₦36,250.00' });
    expect(saleValuePreview('100.00', usa)).toEqual({ kind: 'value', text: '₦145,000.00' });
    expect(saleValuePreview('abc', usa)).toBeUndefined();
    expect(saleValuePreview('50', undefined)).toBeUndefined();
  });
});

describe('the sell form rules (the server’s own, plus the band)', () => {
  it('accepts an amount inside the band, edges included, with up to 2 decimals', () => {
    expect(errorsFor({ amount: '25' })).toEqual({});
    expect(errorsFor({ amount: '100.00' })).toEqual({});
    expect(errorsFor({ amount: '62.5' })).toEqual({});
  });

  it('names each way an amount can be wrong', () => {
    expect(errorsFor({ amount: '' })).toEqual({ amount: saleMessages.amountRequired });
    expect(errorsFor({ amount: 'ten' })).toEqual({ amount: saleMessages.amountNotNumber });
    expect(errorsFor({ amount: '-5' })).toEqual({ amount: saleMessages.amountNotPositive });
    expect(errorsFor({ amount: '0.00' })).toEqual({ amount: saleMessages.amountNotPositive });
    expect(errorsFor({ amount: '50.125' })).toEqual({ amount: saleMessages.amountTooManyDecimals });
    expect(errorsFor({ amount: '24.99' })).toEqual({ amount: 'Enter an amount between $25.00 and $100.00 for this card' });
    expect(errorsFor({ amount: '100.01' })).toEqual({ amount: 'Enter an amount between $25.00 and $100.00 for this card' });
  });

  it('needs a sub-category of this card', () => {
    expect(errorsFor({ subcategory_id: '' })).toEqual({ subcategory_id: saleMessages.subcategoryRequired });
    expect(errorsFor({ subcategory_id: '0b5c1b7e-2a43-4f38-9d5e-7a1f7a0c9e21' })).toEqual({
      subcategory_id: saleMessages.subcategoryRequired,
    });
  });

  it('keeps the comment and card code within their limits and free of control characters', () => {
    expect(errorsFor({ comment: 'x'.repeat(501) })).toEqual({ comment: saleMessages.commentTooLong });
    expect(errorsFor({ card_code: 'x'.repeat(101) })).toEqual({ card_code: saleMessages.cardCodeTooLong });
    expect(Object.keys(errorsFor({ comment: 'bad\u0000text' }))).toEqual(['comment']);
    expect(schema.parse({ subcategory_id: usa.id, amount: ' 50 ', comment: '  ', card_code: '' })).toEqual({
      subcategory_id: usa.id,
      amount: '50',
    });
  });
});

describe('exact decimal comparison', () => {
  it('compares by value, whatever the number of decimals', () => {
    expect(compareDecimals('25.5', '25.50')).toBe(0);
    expect(compareDecimals('100', '99.99')).toBe(1);
    expect(compareDecimals('0.1', '0.10000001')).toBe(-1);
    expect(compareDecimals('abc', '1')).toBeUndefined();
    expect(withinBand('25', usa)).toBe(true);
    expect(withinBand('100.001', usa)).toBe(false);
  });
});
