import { describe, expect, it } from 'vitest';
import { normaliseAdjustment, previewRate } from './form-schemas';
import { adjustmentText, formatAdjustment, formatNairaDecimal } from './format';

describe('coin adjustment preview (exact decimals)', () => {
  it('moves the rate now by the difference between the new and the old adjustment', () => {
    expect(previewRate('1620.00', '-20.00', '+15')).toBe('1655.00');
    expect(previewRate('1620', '0.00', '-20.50')).toBe('1599.50');
    // A market rate with more decimals is rounded half away from zero once, at the end.
    expect(previewRate('1612.345', '10.00', '10.00')).toBe('1612.35');
    expect(previewRate('not a rate', '0', '1')).toBeUndefined();
  });

  it('writes adjustments the way the server stores and staff read them', () => {
    expect(normaliseAdjustment('+15')).toBe('15.00');
    expect(normaliseAdjustment('-20.5')).toBe('-20.50');
    expect(formatAdjustment('-20.00')).toBe('-₦20.00');
    expect(formatAdjustment('1500')).toBe('+₦1,500.00');
    expect(formatAdjustment('0.00')).toBe('₦0.00');
    expect(adjustmentText('15.00')).toBe('+15.00');
    expect(adjustmentText('-1250.5')).toBe('-1250.50');
    expect(formatNairaDecimal('1234567.891')).toBe('₦1,234,567.89');
  });
});
