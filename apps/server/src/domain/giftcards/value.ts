import Decimal from 'decimal.js';

/**
 * Gift-card money (docs/product.md §9, docs/decisions.md §4): value = amount × exchange_rate, in kobo, rounded half-up.
 * Every figure arrives and leaves as a decimal string or an integer of kobo; nothing passes
 * through a binary float. A private Decimal class keeps these settings away from anyone else's.
 */
const Money = Decimal.clone({ precision: 60, rounding: Decimal.ROUND_HALF_UP, toExpNeg: -60, toExpPos: 60 });
type Money = InstanceType<typeof Money>;

const PLAIN_DECIMAL = /^\d{1,15}(\.\d{1,10})?$/;

/** A plain decimal string ("25", "25.5") as an exact Decimal; anything else is a programming error. */
export function money(value: string): Money {
  if (!PLAIN_DECIMAL.test(value)) throw new RangeError(`not a plain decimal: ${JSON.stringify(value)}`);
  return new Money(value);
}

/** amount × rate in kobo, half-up; refuses results that are not positive safe integers. */
export function giftCardValueKobo(amount: string, exchangeRate: string): number {
  const kobo = money(amount).times(money(exchangeRate)).times(100).toDecimalPlaces(0, Decimal.ROUND_HALF_UP);
  if (kobo.lte(0) || kobo.gt(Number.MAX_SAFE_INTEGER)) throw new RangeError(`gift-card value out of range: ${kobo.toFixed()} kobo`);
  return kobo.toNumber();
}

/** "25.5" → "25.50": how amounts are stored and compared (two decimals, exact). */
export const toCents = (value: string): string => money(value).toFixed(2);

/** Equal as numbers: "1450" and "1450.00" are the same rate. */
export const sameDecimal = (a: string, b: string): boolean => money(a).eq(money(b));

export const withinBand = (amount: string, min: string, max: string): boolean => {
  const value = money(amount);
  return value.gte(money(min)) && value.lte(money(max));
};

/** A band edge as people write it: "25.00" → "25", "25.50" stays. */
export const bandEdge = (value: string): string => {
  const exact = money(value);
  return exact.isInteger() ? exact.toFixed(0) : exact.toFixed(2);
};
