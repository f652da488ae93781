import { randomInt } from 'node:crypto';
import {
  formatDecimal,
  formatKobo,
  formatRate,
  giftCardSaleFieldsSchema,
  previewValueKobo,
  saleAmountField,
  saleMessages,
} from '@wise/shared';
import { describe, expect, it } from 'vitest';
import { bandEdge, giftCardValueKobo, sameDecimal, toCents, withinBand } from '../src/domain/giftcards/value';

/** docs/product.md §9: the cash value is the amount times the sub-category's exchange_rate (docs/decisions.md §4: in kobo, exact). */

describe('giftCardValueKobo (decimal.js)', () => {
  it('is exact where binary floats drift', () => {
    // 0.1 × 3 is 0.30000000000000004 in floats; here it is ₦0.30 exactly.
    expect(giftCardValueKobo('0.1', '3')).toBe(30);
    expect(0.1 * 3 * 100).not.toBe(30);
    // 1 × ₦1.005 = 100.5 kobo, which rounds up to 101; floats hold 100.49999999999999 and round down.
    expect(Math.round(1 * 1.005 * 100)).toBe(100);
    expect(giftCardValueKobo('1', '1.005')).toBe(101);
    expect(giftCardValueKobo('0.01', '100.50')).toBe(101);
    expect(giftCardValueKobo('1.15', '100.00')).toBe(11_500);
    expect(1.15 * 100 * 100).not.toBe(11_500);
    expect(giftCardValueKobo('25.5', '1450.00')).toBe(3_697_500);
    expect(giftCardValueKobo('4.35', '1000.00')).toBe(435_000);
  });

  it('rounds half-up to the kobo', () => {
    expect(giftCardValueKobo('0.01', '0.50')).toBe(1); // 0.5 kobo → 1
    expect(giftCardValueKobo('0.03', '0.50')).toBe(2); // 1.5 kobo → 2
    expect(giftCardValueKobo('0.01', '0.51')).toBe(1); // 0.51 kobo → 1
    expect(giftCardValueKobo('0.01', '1.49')).toBe(1); // 1.49 kobo → 1
    expect(giftCardValueKobo('12.35', '1000.10')).toBe(1_235_124); // 12,351.235 naira → 1,235,123.5 kobo → 1,235,124
    // Below half a kobo is no value at all: refused rather than stored as a zero sale.
    expect(() => giftCardValueKobo('0.01', '0.49')).toThrow(RangeError);
  });

  it('keeps large amounts exact up to the largest safe integer and refuses beyond', () => {
    // ₦999,999,999.99 × ₦1,500.00 = ₦1,499,999,999,985.00 — 149,999,999,998,500 kobo.
    expect(giftCardValueKobo('999999999.99', '1500.00')).toBe(149_999_999_998_500);
    // ₦152,414,813,575.9872 → 15,241,481,357,598.72 kobo → …599.
    expect(giftCardValueKobo('123456789.12', '1234.56')).toBe(15_241_481_357_599);
    expect(() => giftCardValueKobo('999999999.99', '99999999.99')).toThrow(RangeError);
    expect(() => giftCardValueKobo('0', '1450.00')).toThrow(RangeError);
    expect(() => giftCardValueKobo('1e3', '1450.00')).toThrow(RangeError);
    expect(() => giftCardValueKobo('-5', '1450.00')).toThrow(RangeError);
  });

  it('agrees with the integer preview the screens show, for any amount and rate', () => {
    for (let i = 0; i < 2000; i += 1) {
      const amount = `${randomInt(0, 1_000_000)}.${String(randomInt(0, 100)).padStart(2, '0')}`;
      const rate = `${randomInt(1, 5_000)}.${String(randomInt(0, 100)).padStart(2, '0')}`;
      const preview = previewValueKobo(amount, rate);
      if (preview === 0) continue;
      expect(giftCardValueKobo(amount, rate), `${amount} × ${rate}`).toBe(preview);
    }
  });

  it('compares and normalises decimal strings exactly', () => {
    expect(toCents('25.5')).toBe('25.50');
    expect(toCents('007')).toBe('7.00');
    expect(sameDecimal('1450', '1450.00')).toBe(true);
    expect(sameDecimal('1450.01', '1450.00')).toBe(false);
    expect(withinBand('25', '25.00', '100.00')).toBe(true);
    expect(withinBand('100.00', '25.00', '100.00')).toBe(true);
    expect(withinBand('100.01', '25.00', '100.00')).toBe(false);
    expect(withinBand('24.99', '25.00', '100.00')).toBe(false);
    expect(bandEdge('25.00')).toBe('25');
    expect(bandEdge('25.50')).toBe('25.50');
  });
});

describe('shared money formatting (exact, from strings and integers)', () => {
  it('writes naira from kobo and rates from decimal strings', () => {
    expect(formatKobo(365_000_050)).toBe('₦3,650,000.50');
    expect(formatKobo(5)).toBe('₦0.05');
    expect(formatKobo(0)).toBe('₦0.00');
    expect(formatKobo(149_999_999_998_500)).toBe('₦1,499,999,999,985.00');
    expect(formatDecimal('1460.5')).toBe('1,460.50');
    expect(formatDecimal('0.125')).toBe('0.13');
    expect(formatDecimal('1234567.994')).toBe('1,234,567.99');
    expect(formatRate('1460.00', 'USD')).toBe('₦1,460.00/$');
    expect(formatRate('1650.00', 'GBP')).toBe('₦1,650.00/£');
    expect(saleMessages.rateChanged(formatRate('1460.00', 'USD'))).toBe(
      'The rate has changed to ₦1,460.00/$. Check the new value and submit again.',
    );
  });
});

describe('the amount field (docs/product.md §5 "amount numeric", made precise)', () => {
  const messageFor = (amount: unknown) => {
    const result = saleAmountField.safeParse(amount);
    return result.success ? undefined : result.error.issues[0]?.message;
  };
  it('accepts positive amounts with at most 2 decimals', () => {
    for (const ok of ['50', '25.5', '25.50', ' 100 ', '0.01', '999999999.99']) expect(messageFor(ok), ok).toBeUndefined();
  });
  it('names each failure', () => {
    const cases: [unknown, string][] = [
      ['', saleMessages.amountRequired],
      ['   ', saleMessages.amountRequired],
      [undefined, saleMessages.amountRequired],
      ['0', saleMessages.amountNotPositive],
      ['0.00', saleMessages.amountNotPositive],
      ['-5', saleMessages.amountNotPositive],
      ['-0.5', saleMessages.amountNotPositive],
      ['abc', saleMessages.amountNotNumber],
      ['1e5', saleMessages.amountNotNumber],
      ['0x10', saleMessages.amountNotNumber],
      ['1,000', saleMessages.amountNotNumber],
      ['NaN', saleMessages.amountNotNumber],
      ['Infinity', saleMessages.amountNotNumber],
      ['.5', saleMessages.amountNotNumber],
      ['25.', saleMessages.amountNotNumber],
      ['25.505', saleMessages.amountTooManyDecimals],
      ['1000000000', saleMessages.amountTooLarge],
      ['9'.repeat(400), saleMessages.amountTooLarge],
    ];
    for (const [input, message] of cases) expect(messageFor(input), String(input)).toBe(message);
  });
  it('refuses control characters in the comment but keeps its line breaks', () => {
    const base = { subcategory_id: '6f1c1c52-3f8e-4d3a-9a52-0a4b5c6d7e8f', amount: '50', expected_rate: '1180.00' };
    expect(giftCardSaleFieldsSchema.safeParse({ ...base, comment: 'two\nlines' }).data?.comment).toBe('two\nlines');
    for (const comment of ['nul\u0000here', 'bell\u0007', 'esc\u001b[31m']) {
      const result = giftCardSaleFieldsSchema.safeParse({ ...base, comment });
      expect(result.error?.issues[0]).toMatchObject({ path: ['comment'], message: 'Invalid characters' });
    }
    expect(giftCardSaleFieldsSchema.safeParse({ ...base, comment: '   ' }).data?.comment).toBeUndefined();
    expect(giftCardSaleFieldsSchema.safeParse({ ...base, card_code: 'AB\nCD' }).success).toBe(false);
  });
});
