import type { CoinId } from '@wise/shared';

/**
 * Market data for the four sellable coins and the trending list (docs/product.md §7 "External services").
 * Prices are plain decimal strings ("95123.45"), never binary floats; sparklines are display-only
 * numbers, oldest first, at most a week of hourly points.
 */
export interface CoinMarket {
  coin: CoinId;
  symbol: string;
  name: string;
  priceUsd: string;
  priceNgn: string;
  /** "-1.23": percent over 24 hours, two decimals. */
  change24hPct: string;
  sparkline7d: number[];
}

export interface TrendingCoinData {
  /** The market-data service's own id ("bitcoin", "pepe"). */
  id: string;
  symbol: string;
  name: string;
  priceUsd: string;
  change24hPct: string;
  sparkline7d: number[];
}

export interface MarketDataProvider {
  readonly name: 'sandbox' | 'coingecko';
  /** All four sellable coins, each with its USD and NGN price. */
  fetchMarkets(): Promise<CoinMarket[]>;
  fetchTrending(): Promise<TrendingCoinData[]>;
}

/**
 * Why the provider gave nothing usable:
 * - `unavailable`: network failure or a 5xx;
 * - `timeout`: no answer in time;
 * - `rate_limited`: 429 after our retries (retryAfterMs says when it may be asked again);
 * - `unauthorized`: the key was refused (401/403) — a configuration problem, not an outage;
 * - `bad_response`: an answer we cannot trust (not JSON, wrong shape, a coin missing).
 */
export type MarketDataErrorKind = 'unavailable' | 'timeout' | 'rate_limited' | 'unauthorized' | 'bad_response';

export class MarketDataError extends Error {
  constructor(
    readonly kind: MarketDataErrorKind,
    message: string,
    options?: { cause?: unknown; retryAfterMs?: number },
  ) {
    super(message, options);
    this.name = 'MarketDataError';
    this.retryAfterMs = options?.retryAfterMs;
  }
  readonly retryAfterMs?: number;
}
