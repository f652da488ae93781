import Decimal from 'decimal.js';

/**
 * Decimal arithmetic for crypto values (docs/decisions.md §4: never binary floats). 64 significant digits
 * keep every product here exact — a coin amount (≤ 18 digits) × a USD price (≤ 15) × a naira
 * rate (≤ 20) — so rounding happens once, on purpose, at the kobo.
 */
export const Dec = Decimal.clone({ precision: 64, rounding: Decimal.ROUND_HALF_UP, toExpNeg: -64, toExpPos: 64 });
export type Dec = Decimal;

/** Naira to whole kobo, half-up (a value exactly half a kobo goes up). */
export function koboHalfUp(naira: Decimal): number {
  const kobo = naira.times(100).toDecimalPlaces(0, Decimal.ROUND_HALF_UP);
  if (!kobo.lte(Number.MAX_SAFE_INTEGER)) throw new RangeError(`kobo out of range: ${kobo.toFixed()}`);
  return kobo.toNumber();
}

/** Kobo as naira with two decimals: 123456789 → "1234567.89". */
export function nairaFromKobo(kobo: number): string {
  if (!Number.isSafeInteger(kobo) || kobo < 0) throw new RangeError(`not a kobo amount: ${kobo}`);
  return `${Math.floor(kobo / 100)}.${String(kobo % 100).padStart(2, '0')}`;
}

/** An adjustment as the product writes it: "+15", "-20", "0" (trailing zeros dropped). */
export function signedNaira(value: Decimal): string {
  if (value.isZero()) return '0';
  return value.isPositive() ? `+${value.toFixed()}` : value.toFixed();
}

/** A plain decimal string without exponent or trailing zeros ("15.00" → "15"). */
export const plain = (value: Decimal.Value) => new Dec(value).toFixed();
