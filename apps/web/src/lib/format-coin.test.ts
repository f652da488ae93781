import { describe, expect, it } from 'vitest';
import { formatChange, formatCoinPrice, formatNaira } from './format';
import { productKobo } from './decimal';

describe('crypto formatting (docs/product.md §9)', () => {
  it('shows a price to 5 significant digits, grouped, in dollars', () => {
    expect(formatCoinPrice('67234.56')).toBe('$67,235');
    expect(formatCoinPrice('3456.789')).toBe('$3,456.8');
    expect(formatCoinPrice('1.00009')).toBe('$1.0001');
    expect(formatCoinPrice('1')).toBe('$1.0000');
    expect(formatCoinPrice('0.00001234567')).toBe('$0.000012346');
    expect(formatCoinPrice('123456789.9')).toBe('$123,460,000');
    expect(formatCoinPrice('not a price')).toBe('—');
  });

  it('shows the 24 h change to 2 decimals with its sign and direction', () => {
    expect(formatChange('2.5')).toEqual({ text: '+2.50%', direction: 'up' });
    expect(formatChange('-1.235')).toEqual({ text: '-1.24%', direction: 'down' });
    expect(formatChange('-1.234')).toEqual({ text: '-1.23%', direction: 'down' });
    expect(formatChange('0.005')).toEqual({ text: '+0.01%', direction: 'up' });
    expect(formatChange('-0.004')).toEqual({ text: '0.00%', direction: 'flat' });
    expect(formatChange('0')).toEqual({ text: '0.00%', direction: 'flat' });
    expect(formatChange('1234.5')).toEqual({ text: '+1,234.50%', direction: 'up' });
    expect(formatChange('')).toEqual({ text: '—', direction: 'flat' });
  });

  it('shows a sale value to 2 decimals from the exact product', () => {
    expect(formatNaira(productKobo(['0.01', '67234.12', '1580']) ?? -1)).toBe('₦1,062,299.10');
    expect(formatNaira(productKobo(['250', '1.0002', '1605.5']) ?? -1)).toBe('₦401,455.28');
  });
});
