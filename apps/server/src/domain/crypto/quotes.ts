import { and, eq } from 'drizzle-orm';
import {
  COINS,
  CRYPTO_MAX_QUOTE_NGN,
  cryptoErrorCodes,
  cryptoMessages,
  decimalPlaces,
  textsIn,
  type CoinId,
  type CreateQuoteInput,
  type Quote,
} from '@wise/shared';
import type { Db } from '#server/db/client';
import { cryptoQuotes } from '#server/db/schema/index';
import type { Clock } from '#server/lib/clock';
import { DomainError, fieldErrorIn, validationError } from '../errors';
import { freshMarkets, pricesStale, type MarketDeps } from './market-cache';
import { Dec, koboHalfUp, nairaFromKobo, plain, signedNaira } from './money';
import { loadAdjustments, rateFor, type Adjustments } from './rates';

/** A stored quote as the sale submission reads it back: every figure a plain decimal string. */
export interface StoredQuote {
  id: string;
  userId: string;
  coin: CoinId;
  amount: string;
  priceUsd: string;
  usdtMarketRateNgn: string;
  usdtAdjustmentNgn: string;
  usdtRateNgn: string;
  coinAdjustmentNgn: string;
  rateNgnPerUsd: string;
  valueKobo: number;
  pricesAt: Date;
  createdAt: Date;
  expiresAt: Date;
}

export const quoteNotFound = () => new DomainError(cryptoErrorCodes.quoteNotFound, cryptoMessages.quoteNotFound, 404);

/** The quote ran out: it travels with the error so the caller can offer a fresh one for the same coin and amount. */
export class QuoteExpiredError extends DomainError {
  constructor(readonly quote: StoredQuote) {
    super(cryptoErrorCodes.quoteExpired, cryptoMessages.quoteExpired, 409);
  }
}

export interface QuoteInput {
  coin: CoinId;
  amount: string;
  priceUsd: string;
  usdtMarketRateNgn: string;
  adjustments: Adjustments;
}

export interface QuoteFigures {
  usdtRateNgn: string;
  coinAdjustmentNgn: string;
  rateNgnPerUsd: string;
  /** amount × price × rate, in kobo, half-up. */
  valueKobo: number;
}

/** docs/decisions.md §4's value, exactly: amount × coin USD price × naira-per-USD rate, rounded once, to the kobo. */
export function computeQuote(input: QuoteInput): QuoteFigures {
  const rate = rateFor(input.coin, input.usdtMarketRateNgn, input.adjustments);
  // An adjustment larger than the market rate leaves no price to pay: nothing is quoted until it is fixed.
  if (rate.rateNgnPerUsd.lte(0)) throw pricesStale();
  const valueNgn = new Dec(input.amount).times(input.priceUsd).times(rate.rateNgnPerUsd);
  // Past the largest quote, refused before the kobo leave safe integers (a huge amount was a 500).
  if (valueNgn.gt(CRYPTO_MAX_QUOTE_NGN)) throw validationError(cryptoMessages.amountTooLarge, { amount: cryptoMessages.amountTooLarge });
  return {
    usdtRateNgn: rate.usdtRateNgn.toFixed(),
    coinAdjustmentNgn: rate.coinAdjustmentNgn.toFixed(),
    rateNgnPerUsd: rate.rateNgnPerUsd.toFixed(),
    valueKobo: koboHalfUp(valueNgn),
  };
}

export interface QuoteDeps extends MarketDeps {
  /** How long the value is honoured (CRYPTO_QUOTE_TTL_S). */
  quoteTtlMs: number;
}

/**
 * Prices `amount` of `coin` from the cached market prices (never stale ones) and today's
 * adjustments, stores the quote with everything it used, and returns it.
 */
export async function createQuote(db: Db, deps: QuoteDeps, userId: string, input: CreateQuoteInput): Promise<Quote> {
  const { symbol, decimals } = COINS[input.coin];
  // The shared schema checked these already; a caller that skipped it is refused the same way.
  if (!/^\d+(\.\d+)?$/.test(input.amount) || new Dec(input.amount).lte(0)) {
    throw validationError(cryptoMessages.amountNotPositive, { amount: cryptoMessages.amountNotPositive });
  }
  if (decimalPlaces(input.amount) > decimals) {
    throw fieldErrorIn('amount', (language) => textsIn(cryptoMessages, language).tooManyDecimals(symbol, decimals));
  }
  const markets = await freshMarkets(db, deps);
  const market = markets.coins.find((c) => c.coin === input.coin);
  const usdt = markets.coins.find((c) => c.coin === 'usdt');
  if (!market || !usdt) throw pricesStale();
  const adjustments = await loadAdjustments(db);
  const figures = computeQuote({
    coin: input.coin,
    amount: input.amount,
    priceUsd: market.priceUsd,
    usdtMarketRateNgn: usdt.priceNgn,
    adjustments,
  });
  if (figures.valueKobo < 1) throw validationError(cryptoMessages.amountTooSmall, { amount: cryptoMessages.amountTooSmall });
  if (figures.valueKobo > CRYPTO_MAX_QUOTE_NGN * 100)
    throw validationError(cryptoMessages.amountTooLarge, { amount: cryptoMessages.amountTooLarge });

  const now = deps.clock.now();
  const [row] = await db
    .insert(cryptoQuotes)
    .values({
      userId,
      coin: input.coin,
      amount: plain(input.amount),
      priceUsd: market.priceUsd,
      usdtMarketRateNgn: usdt.priceNgn,
      usdtAdjustmentNgn: adjustments.usdt.toFixed(),
      usdtRateNgn: figures.usdtRateNgn,
      coinAdjustmentNgn: figures.coinAdjustmentNgn,
      rateNgnPerUsd: figures.rateNgnPerUsd,
      valueKobo: figures.valueKobo,
      pricesAt: markets.fetchedAt,
      createdAt: now,
      expiresAt: new Date(now.getTime() + deps.quoteTtlMs),
    })
    .returning();
  if (!row) throw new Error('quote insert returned nothing');
  return quoteResponse(toStoredQuote(row));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The quote a sale may use: the customer's own and not yet expired. Another customer's quote
 * and a quote that does not exist look the same (QUOTE_NOT_FOUND, 404); an expired one is
 * QUOTE_EXPIRED (409) carrying the old quote, so the caller can quote the same coin and amount again.
 */
export async function getValidQuote(db: Db, clock: Clock, userId: string, quoteId: string): Promise<StoredQuote> {
  if (!UUID.test(quoteId)) throw quoteNotFound();
  const [row] = await db
    .select()
    .from(cryptoQuotes)
    .where(and(eq(cryptoQuotes.id, quoteId), eq(cryptoQuotes.userId, userId)))
    .limit(1);
  if (!row) throw quoteNotFound();
  const quote = toStoredQuote(row);
  if (clock.now().getTime() >= quote.expiresAt.getTime()) throw new QuoteExpiredError(quote);
  return quote;
}

function toStoredQuote(row: typeof cryptoQuotes.$inferSelect): StoredQuote {
  return {
    id: row.id,
    userId: row.userId,
    coin: row.coin,
    amount: plain(row.amount),
    priceUsd: plain(row.priceUsd),
    usdtMarketRateNgn: plain(row.usdtMarketRateNgn),
    usdtAdjustmentNgn: plain(row.usdtAdjustmentNgn),
    usdtRateNgn: plain(row.usdtRateNgn),
    coinAdjustmentNgn: plain(row.coinAdjustmentNgn),
    rateNgnPerUsd: plain(row.rateNgnPerUsd),
    valueKobo: row.valueKobo,
    pricesAt: row.pricesAt,
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
  };
}

/** The API's view of a stored quote (the crypto API contract's `Quote`). */
export function quoteResponse(quote: StoredQuote): Quote {
  return {
    id: quote.id,
    coin: quote.coin,
    amount: quote.amount,
    price_usd: quote.priceUsd,
    usdt_rate_ngn: quote.usdtRateNgn,
    coin_adjustment_ngn: signedNaira(new Dec(quote.coinAdjustmentNgn)),
    rate_ngn_per_usd: quote.rateNgnPerUsd,
    value_kobo: quote.valueKobo,
    value_ngn: nairaFromKobo(quote.valueKobo),
    expires_at: quote.expiresAt.toISOString(),
    prices_at: quote.pricesAt.toISOString(),
  };
}
