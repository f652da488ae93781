import { isCoinId, type Quote } from '@wise/shared';

/*
 * A quote read back without zod: the one kept in sessionStorage and the fresh one a 409
 * QUOTE_EXPIRED carries. Both screens that read them would otherwise download zod (25 KB gzip)
 * before they are drawn (the JavaScript budgets, docs/PERFORMANCE.md). quote-shape.test.ts holds this check to
 * `quoteSchema`'s verdict; like the schema's output, the result keeps only the quote's own keys.
 */

const DECIMAL = /^-?\d+(\.\d+)?$/;
const SIGNED_DECIMAL = /^([+-]\d+(\.\d+)?|0)$/;
const NAIRA = /^\d+\.\d{2}$/;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';
const matches = (value: unknown, pattern: RegExp): value is string => isString(value) && pattern.test(value);

/** `quoteSchema.safeParse(value)`'s data when it succeeds, `undefined` when it fails. */
export function asQuote(value: unknown): Quote | undefined {
  if (!isObject(value)) return undefined;
  const {
    id,
    coin,
    amount,
    price_usd,
    usdt_rate_ngn,
    coin_adjustment_ngn,
    rate_ngn_per_usd,
    value_kobo,
    value_ngn,
    expires_at,
    prices_at,
  } = value;
  if (!isString(id) || !isCoinId(coin)) return undefined;
  if (!matches(amount, DECIMAL) || !matches(price_usd, DECIMAL) || !matches(usdt_rate_ngn, DECIMAL) || !matches(rate_ngn_per_usd, DECIMAL))
    return undefined;
  if (!matches(coin_adjustment_ngn, SIGNED_DECIMAL)) return undefined;
  if (typeof value_kobo !== 'number' || !Number.isSafeInteger(value_kobo) || value_kobo <= 0) return undefined;
  if (!matches(value_ngn, NAIRA) || !isString(expires_at) || !isString(prices_at)) return undefined;
  return {
    id,
    coin,
    amount,
    price_usd,
    usdt_rate_ngn,
    coin_adjustment_ngn,
    rate_ngn_per_usd,
    value_kobo,
    value_ngn,
    expires_at,
    prices_at,
  };
}

/** `quoteExpiredMetaSchema`: the `meta` of a 409 QUOTE_EXPIRED, `{ quote }`. */
export function quoteFromExpiredMeta(meta: unknown): Quote | undefined {
  return isObject(meta) ? asQuote(meta.quote) : undefined;
}
