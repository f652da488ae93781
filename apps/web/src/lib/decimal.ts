/**
 * Exact arithmetic on the decimal strings the API sends (prices, rates, coin amounts): each
 * value becomes an integer of its own decimals (a BigInt), so nothing passes through a binary
 * float. Only what screens need to preview: the server recomputes every value it trusts.
 */

const PLAIN_DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/** `-12.50` → { units: -1250n, scale: 2 }; undefined for anything that is not a plain decimal. */
export interface ExactDecimal {
  units: bigint;
  scale: number;
}

export function parseDecimal(value: string): ExactDecimal | undefined {
  const match = PLAIN_DECIMAL.exec(value.trim());
  if (!match) return undefined;
  const [, sign = '', whole = '', fraction = ''] = match;
  const units = BigInt(`${whole}${fraction}`);
  return { units: sign === '-' ? -units : units, scale: fraction.length };
}

/** `numerator / denominator` rounded half away from zero (denominator > 0). */
export function divideHalfUp(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n;
  const magnitude = negative ? -numerator : numerator;
  const rounded = (magnitude * 2n + denominator) / (denominator * 2n);
  return negative ? -rounded : rounded;
}

/** `units × 10^-scale` written out as a plain decimal string with exactly `scale` decimals. */
export function decimalText({ units, scale }: ExactDecimal): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const text = scale > 0 ? `${whole}.${digits.slice(digits.length - scale)}` : whole;
  return negative && /[1-9]/.test(digits) ? `-${text}` : text;
}

/**
 * The product of non-negative decimal strings in kobo (naira × 100), rounded half-up once at the
 * end, the way the server rounds a quote: amount × USD price × naira-per-USD rate. Undefined when
 * a factor is not a non-negative plain decimal or the result is beyond a safe integer.
 */
export function productKobo(factors: readonly string[]): number | undefined {
  let units = 100n;
  let scale = 0;
  for (const factor of factors) {
    const parsed = parseDecimal(factor);
    if (!parsed || parsed.units < 0n) return undefined;
    units *= parsed.units;
    scale += parsed.scale;
  }
  const kobo = divideHalfUp(units, 10n ** BigInt(scale));
  return kobo <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(kobo) : undefined;
}

/**
 * A decimal rounded half-up to `digits` significant digits, keeping exactly that many (trailing
 * zeros included, so `1` → `1.0000` for 5). Integers longer than `digits` keep zeros in the
 * rounded places (`123456789` → `123460000`). Zero stays `0`.
 */
export function roundSignificant(value: ExactDecimal, digits: number): ExactDecimal {
  const negative = value.units < 0n;
  let units = negative ? -value.units : value.units;
  let scale = value.scale;
  if (units === 0n) return { units: 0n, scale: 0 };
  const extra = units.toString().length - digits;
  if (extra > 0) {
    units = divideHalfUp(units, 10n ** BigInt(extra));
    scale -= extra;
    // 9.99995 rounds up to 10.0000: one digit too many, and the last one is a zero.
    if (units.toString().length > digits) {
      units /= 10n;
      scale -= 1;
    }
  } else if (extra < 0) {
    units *= 10n ** BigInt(-extra);
    scale -= extra;
  }
  if (scale < 0) {
    units *= 10n ** BigInt(-scale);
    scale = 0;
  }
  return { units: negative ? -units : units, scale };
}
