import { describe, expect, it } from 'vitest';
import { decimalText, parseDecimal, productKobo, roundSignificant } from './decimal';

const significant = (value: string, digits = 5) => {
  const parsed = parseDecimal(value);
  if (!parsed) throw new Error(`not a decimal: ${value}`);
  return decimalText(roundSignificant(parsed, digits));
};

describe('exact decimals', () => {
  it('reads only plain decimal strings', () => {
    expect(parseDecimal('12.50')).toEqual({ units: 1250n, scale: 2 });
    expect(parseDecimal('-0.5')).toEqual({ units: -5n, scale: 1 });
    for (const bad of ['', '.5', '1.', '1e5', '0x10', '1,000', '+1', 'NaN', 'Infinity', '1 000']) {
      expect(parseDecimal(bad)).toBeUndefined();
    }
  });

  it('rounds to significant digits half-up, keeping trailing zeros', () => {
    expect(significant('67234.123')).toBe('67234');
    expect(significant('67234.5')).toBe('67235');
    expect(significant('1')).toBe('1.0000');
    expect(significant('1.00015')).toBe('1.0002');
    expect(significant('0.1')).toBe('0.10000');
    expect(significant('0.00001234567')).toBe('0.000012346');
    expect(significant('0.000012345')).toBe('0.000012345');
    expect(significant('123456789')).toBe('123460000');
    expect(significant('99999.5')).toBe('100000');
    expect(significant('9.99995')).toBe('10.000');
    expect(significant('0')).toBe('0');
    expect(significant('-1.23456')).toBe('-1.2346');
  });

  it('multiplies amount × price × rate exactly, rounding once to the kobo', () => {
    // 0.01 BTC × $67,234.12 × ₦1,580/$ = ₦1,062,299.096 → 106,229,910 kobo.
    expect(productKobo(['0.01', '67234.12', '1580'])).toBe(106_229_910);
    // Binary floats get this wrong: 0.1 × 0.7 × 100 = 7.000000000000001 naira.
    expect(productKobo(['0.1', '0.7', '100'])).toBe(700);
    expect(0.1 * 0.7 * 100).not.toBe(7);
    // Half a kobo goes up; just under stays down.
    expect(productKobo(['0.005', '1', '1'])).toBe(1);
    expect(productKobo(['0.004999999', '1', '1'])).toBe(0);
    // Nine-decimal SOL amounts and long prices stay exact (checked with Python's decimal, ROUND_HALF_UP).
    expect(productKobo(['123.456789123', '187.654321', '1605.25'])).toBe(3_718_914_770);
    expect(productKobo(['1', '1'])).toBe(100);
  });

  it('refuses what is not a non-negative decimal, and values beyond a safe integer', () => {
    expect(productKobo(['-1', '2'])).toBeUndefined();
    expect(productKobo(['1e3', '2'])).toBeUndefined();
    expect(productKobo(['', '2'])).toBeUndefined();
    expect(productKobo(['999999999', '999999999', '999999'])).toBeUndefined();
  });
});
