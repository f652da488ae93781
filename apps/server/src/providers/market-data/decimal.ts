import Decimal from 'decimal.js';

/**
 * JSON numbers arrive as binary floats. `String(n)` is the shortest text that reads back as the
 * same float — the digits the provider sent — and 15 significant digits is all a double carries
 * faithfully, so nothing past that is invented.
 */
export function decimalFromNumber(value: number, significantDigits = 15): string {
  if (!Number.isFinite(value)) throw new RangeError(`not a finite number: ${value}`);
  return new Decimal(String(value)).toSignificantDigits(significantDigits, Decimal.ROUND_HALF_UP).toFixed();
}

/** A plain decimal text ("0.6157") kept as text: no float on the way. */
export function decimalFromText(value: string, significantDigits = 15): string {
  return new Decimal(value).toSignificantDigits(significantDigits, Decimal.ROUND_HALF_UP).toFixed();
}

/** A display-only percentage with two decimals ("-1.23"); a change that rounds to nothing is "0.00". */
export function percentFromNumber(value: number): string {
  const text = new Decimal(String(value)).toFixed(2, Decimal.ROUND_HALF_UP);
  return text === '-0.00' ? '0.00' : text;
}

/** Sparkline points are drawn, not computed with: a few significant digits keep the payload small. */
export const sparklinePoint = (value: number) => Number(value.toPrecision(8));
