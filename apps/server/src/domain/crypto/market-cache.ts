import { and, eq, lte } from 'drizzle-orm';
import { COIN_IDS, cryptoErrorCodes, cryptoMessages, SPARKLINE_MAX_POINTS } from '@wise/shared';
import { z } from 'zod';
import type { Config } from '#server/config';
import type { Db } from '#server/db/client';
import { marketDataCache, type MarketDataset } from '#server/db/schema/index';
import type { Clock } from '#server/lib/clock';
import { MarketDataError, type CoinMarket, type MarketDataProvider, type TrendingCoinData } from '#server/providers/market-data/index';
import { DomainError } from '../errors';

/**
 * The server's cache of market prices (docs/decisions.md §6): refreshed in the background, one provider call
 * per interval however many instances run, read by every customer request without waiting on the
 * provider. The last good prices are kept when the provider fails; once they are older than the
 * maximum age they are served marked stale and quotes are refused.
 */

export interface MarketSettings {
  /** How often the four coins' prices are fetched (CRYPTO_REFRESH_INTERVAL_S). */
  refreshIntervalMs: number;
  /** Trending changes slowly and costs calls: never fetched more often than every 10 minutes. */
  trendingIntervalMs: number;
  /** Prices older than this are stale: served with stale=true, never quoted (CRYPTO_MAX_PRICE_AGE_S). */
  maxPriceAgeMs: number;
  /** How long a request that finds the cache empty waits for the first fetch. */
  firstFetchTimeoutMs: number;
}

const TRENDING_MIN_INTERVAL_MS = 10 * 60_000;
const FIRST_FETCH_TIMEOUT_MS = 5_000;
const ERROR_TEXT_MAX = 500;

export const marketSettings = (config: Pick<Config, 'CRYPTO_REFRESH_INTERVAL_S' | 'CRYPTO_MAX_PRICE_AGE_S'>): MarketSettings => ({
  refreshIntervalMs: config.CRYPTO_REFRESH_INTERVAL_S * 1000,
  trendingIntervalMs: Math.max(config.CRYPTO_REFRESH_INTERVAL_S * 1000, TRENDING_MIN_INTERVAL_MS),
  maxPriceAgeMs: config.CRYPTO_MAX_PRICE_AGE_S * 1000,
  firstFetchTimeoutMs: FIRST_FETCH_TIMEOUT_MS,
});

export interface MarketDeps {
  provider: MarketDataProvider;
  clock: Clock;
  settings: MarketSettings;
}

export const pricesStale = () => new DomainError(cryptoErrorCodes.pricesStale, cryptoMessages.pricesStale, 503);

// What the cache holds is re-read through these, so a payload written by another release (or by
// hand) can never reach a customer or a quote in a shape the code does not expect.
const decimalText = z.string().regex(/^-?\d+(\.\d+)?$/);
const sparklineSchema = z.array(z.number()).max(SPARKLINE_MAX_POINTS);
const coinMarketSchema = z.object({
  coin: z.enum(COIN_IDS),
  symbol: z.string(),
  name: z.string(),
  priceUsd: decimalText,
  priceNgn: decimalText,
  change24hPct: decimalText,
  sparkline7d: sparklineSchema,
});
const marketsPayloadSchema = z
  .object({ coins: z.array(coinMarketSchema) })
  .refine((payload) => COIN_IDS.every((id) => payload.coins.some((c) => c.coin === id)), 'every sellable coin is present');
const trendingPayloadSchema = z.object({
  coins: z.array(
    z.object({
      id: z.string(),
      symbol: z.string(),
      name: z.string(),
      priceUsd: decimalText,
      change24hPct: decimalText,
      sparkline7d: sparklineSchema,
    }),
  ),
});

export type RefreshOutcome = 'refreshed' | 'skipped' | 'failed';

/**
 * The next claim may come this much before a full interval: the job queue's slots fire a few
 * milliseconds early or late, and a claim that just missed would skip a whole interval.
 */
const claimToleranceMs = (intervalMs: number) => Math.min(5_000, Math.floor(intervalMs / 10));

/**
 * Claims a data set for this interval: one UPDATE that succeeds for exactly one caller, however
 * many race (PostgreSQL re-checks the WHERE on the row another caller just moved). The claim moves
 * next_attempt_at whatever the outcome, so a failing provider is asked once per interval too.
 */
async function claim(db: Db, dataset: MarketDataset, now: Date, intervalMs: number): Promise<boolean> {
  const claimed = await db
    .update(marketDataCache)
    .set({ nextAttemptAt: new Date(now.getTime() + intervalMs - claimToleranceMs(intervalMs)), lastAttemptAt: now })
    .where(and(eq(marketDataCache.dataset, dataset), lte(marketDataCache.nextAttemptAt, now)))
    .returning({ dataset: marketDataCache.dataset });
  return claimed.length === 1;
}

async function refreshDataset(
  db: Db,
  clock: Clock,
  dataset: MarketDataset,
  intervalMs: number,
  fetch: () => Promise<unknown>,
): Promise<RefreshOutcome> {
  const started = clock.now();
  if (!(await claim(db, dataset, started, intervalMs))) return 'skipped';
  try {
    const payload = await fetch();
    await db.update(marketDataCache).set({ payload, fetchedAt: clock.now(), lastError: null }).where(eq(marketDataCache.dataset, dataset));
    return 'refreshed';
  } catch (error) {
    const text = error instanceof MarketDataError ? `${error.kind}: ${error.message}` : `unexpected: ${String(error)}`;
    // A 429 that names a later time than our next slot is respected: asking sooner only extends the ban.
    const retryAfterMs = error instanceof MarketDataError ? (error.retryAfterMs ?? 0) : 0;
    await db
      .update(marketDataCache)
      .set({
        lastError: text.slice(0, ERROR_TEXT_MAX),
        ...(retryAfterMs > intervalMs ? { nextAttemptAt: new Date(started.getTime() + retryAfterMs) } : {}),
      })
      .where(eq(marketDataCache.dataset, dataset));
    if (!(error instanceof MarketDataError)) throw error;
    return 'failed';
  }
}

/**
 * The background refresh: fetches whatever is due (the four coins every refresh interval, trending
 * less often) and stores it for every instance. Safe to call from any number of instances and as
 * often as liked: a data set is fetched at most once per interval. Provider failures are recorded
 * on the row and reported as 'failed'; anything else is a bug and is thrown.
 */
export async function refreshMarketData(
  db: Db,
  provider: MarketDataProvider,
  clock: Clock,
  settings: MarketSettings,
): Promise<Record<MarketDataset, RefreshOutcome>> {
  const markets = await refreshDataset(db, clock, 'markets', settings.refreshIntervalMs, async () => ({
    coins: await provider.fetchMarkets(),
  }));
  const trending = await refreshDataset(db, clock, 'trending', settings.trendingIntervalMs, async () => ({
    coins: await provider.fetchTrending(),
  }));
  return { markets, trending };
}

export interface Cached<T> {
  coins: T[];
  fetchedAt: Date;
  stale: boolean;
}

async function readRow(db: Db, dataset: MarketDataset) {
  const [row] = await db
    .select({ payload: marketDataCache.payload, fetchedAt: marketDataCache.fetchedAt })
    .from(marketDataCache)
    .where(eq(marketDataCache.dataset, dataset))
    .limit(1);
  return row;
}

/**
 * One data set from the cache. An empty cache (a fresh start whose first refresh has not landed)
 * gets one bounded attempt to fill it here; that attempt goes through the same claim, so requests
 * arriving while the provider is down still cost it one call per interval.
 */
async function readDataset<T>(
  db: Db,
  deps: MarketDeps,
  dataset: MarketDataset,
  schema: z.ZodType<{ coins: T[] }>,
  staleAfterMs: number,
): Promise<Cached<T> | undefined> {
  let row = await readRow(db, dataset);
  if (!row?.fetchedAt) {
    const attempt = refreshMarketData(db, deps.provider, deps.clock, deps.settings);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, deps.settings.firstFetchTimeoutMs);
    });
    // Whatever happens to the attempt, a customer request never fails because of it.
    await Promise.race([attempt.catch(() => undefined), timeout]).finally(() => clearTimeout(timer));
    row = await readRow(db, dataset);
  }
  if (!row?.fetchedAt) return undefined;
  const parsed = schema.safeParse(row.payload);
  if (!parsed.success) return undefined;
  const ageMs = deps.clock.now().getTime() - row.fetchedAt.getTime();
  return { coins: parsed.data.coins, fetchedAt: row.fetchedAt, stale: ageMs > staleAfterMs };
}

export const readMarkets = (db: Db, deps: MarketDeps): Promise<Cached<CoinMarket> | undefined> =>
  readDataset(db, deps, 'markets', marketsPayloadSchema, deps.settings.maxPriceAgeMs);

/** Trending is display only: stale once it has missed two of its own refreshes, or the price age, whichever is longer. */
export const readTrending = (db: Db, deps: MarketDeps): Promise<Cached<TrendingCoinData> | undefined> =>
  readDataset(db, deps, 'trending', trendingPayloadSchema, Math.max(deps.settings.maxPriceAgeMs, 2 * deps.settings.trendingIntervalMs));

/** Prices a quote may use: present and no older than the maximum age, or PRICES_STALE. */
export async function freshMarkets(db: Db, deps: MarketDeps): Promise<Cached<CoinMarket>> {
  const markets = await readMarkets(db, deps);
  if (!markets || markets.stale) throw pricesStale();
  return markets;
}
