import { decimalText, divideHalfUp, parseDecimal } from '#web/lib/decimal';

/**
 * A naira decimal string as staff read it, exact (never through a float): "1450" → "₦1,450.00",
 * "-20" → "-₦20.00". Anything that is not a plain decimal shows as it came.
 */
export function formatNairaDecimal(value: string): string {
  const parsed = parseDecimal(value);
  if (!parsed) return value;
  const units =
    parsed.scale >= 2 ? divideHalfUp(parsed.units, 10n ** BigInt(parsed.scale - 2)) : parsed.units * 10n ** BigInt(2 - parsed.scale);
  const text = decimalText({ units: units < 0n ? -units : units, scale: 2 });
  const grouped = text.replace(/^\d+/, (whole) => whole.replace(/\B(?=(\d{3})+(?!\d))/g, ','));
  return `${units < 0n ? '-' : ''}₦${grouped}`;
}

/** A signed adjustment as the product writes it: "+₦20.00", "-₦15.50", "₦0.00". */
export function formatAdjustment(value: string): string {
  const text = formatNairaDecimal(value.replace(/^\+/, ''));
  return text.startsWith('-') || /^₦0\.00$/.test(text) ? text : `+${text}`;
}

/** An adjustment as staff type it: "+20.00", "-15.50", "0.00". */
export function adjustmentText(value: string): string {
  const plain = value.trim().replace(/^\+/, '');
  const parsed = parseDecimal(plain);
  if (!parsed) return value;
  const text = formatNairaDecimal(plain).replace('₦', '').replace(/,/g, '');
  return parsed.units > 0n ? `+${text}` : text;
}
