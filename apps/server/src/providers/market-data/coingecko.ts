import { setTimeout as delay } from 'node:timers/promises';
import { COIN_IDS, COINS, isPlainText, SPARKLINE_MAX_POINTS, type CoinId } from '@wise/shared';
import { z } from 'zod';
import { decimalFromNumber, decimalFromText, percentFromNumber, sparklinePoint } from './decimal';
import { MarketDataError, type CoinMarket, type MarketDataProvider, type TrendingCoinData } from './types';
import { providerFetch } from '#server/lib/metrics';

export type CoinGeckoPlan = 'demo' | 'pro';

/** A demo key works only on the public host, a pro key only on the pro host, each with its own header. */
export const COINGECKO_BASE_URLS: Record<CoinGeckoPlan, string> = {
  demo: 'https://api.coingecko.com/api/v3',
  pro: 'https://pro-api.coingecko.com/api/v3',
};
const KEY_HEADERS: Record<CoinGeckoPlan, string> = { demo: 'x-cg-demo-api-key', pro: 'x-cg-pro-api-key' };

/** docs/product.md §7: bitcoin, tether, binancecoin and solana. */
export const COINGECKO_IDS: Record<CoinId, string> = { btc: 'bitcoin', usdt: 'tether', bnb: 'binancecoin', sol: 'solana' };

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_ATTEMPTS = 3;
/** Longer waits than this are not ours to sit through: the refresh reports rate_limited and retries on its own schedule. */
const DEFAULT_MAX_RETRY_WAIT_MS = 30_000;
const BACKOFF_BASE_MS = 1_000;
/** Four coins with week-long sparklines are ~40 KB; anything near this is not a market answer. */
const MAX_BODY_BYTES = 2 * 1024 * 1024;
const TRENDING_MAX = 30;
/** Coin ids end up in our URLs (/api/crypto/art/<id>.svg): only the service's slug alphabet passes. */
const COIN_SLUG = /^[a-z0-9][a-z0-9-]{0,63}$/;
const PLAIN_PRICE = /^\d+(\.\d+)?$/;

const finite = z.number().finite();
const marketItemSchema = z.object({
  id: z.string(),
  symbol: z.string(),
  name: z.string(),
  current_price: finite.positive(),
  price_change_percentage_24h: finite.nullish(),
  sparkline_in_7d: z.object({ price: z.array(finite.nullable()) }).nullish(),
});
type MarketItem = z.infer<typeof marketItemSchema>;

const trendingItemSchema = z.object({
  item: z.object({
    id: z.string().regex(COIN_SLUG),
    symbol: z
      .string()
      .min(1)
      .max(20)
      .refine((s) => isPlainText(s)),
    name: z
      .string()
      .min(1)
      .max(100)
      .refine((s) => isPlainText(s)),
    data: z
      .object({
        // Seen both as a number and as a display string ("$0.6157"): either is accepted, nothing else.
        price: z.union([finite, z.string()]).nullish(),
        price_change_percentage_24h: z.record(z.string(), finite.nullable()).nullish(),
      })
      .nullish(),
  }),
});

export interface CoinGeckoOptions {
  apiKey: string;
  plan: CoinGeckoPlan;
  /** Overrides the plan's host (tests point it at a local fake). */
  baseUrl?: string;
  timeoutMs?: number;
  /** Tries per request when the service answers 429. */
  maxAttempts?: number;
  maxRetryWaitMs?: number;
  /** How to wait between tries (tests pass one that records the wait). */
  sleep?: (ms: number) => Promise<void>;
}

/**
 * CoinGecko API v3: GET /coins/markets (in usd and in ngn, for the four coins, with 7-day
 * sparklines and the 24-hour change) and GET /search/trending, the key in its plan's header.
 * Every answer is validated before a figure is taken from it.
 */
export class CoinGeckoMarketData implements MarketDataProvider {
  readonly name = 'coingecko' as const;
  private readonly baseUrl: string;
  private readonly keyHeader: string;
  private readonly timeoutMs: number;
  private readonly maxAttempts: number;
  private readonly maxRetryWaitMs: number;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly options: CoinGeckoOptions) {
    this.baseUrl = (options.baseUrl ?? COINGECKO_BASE_URLS[options.plan]).replace(/\/+$/, '');
    this.keyHeader = KEY_HEADERS[options.plan];
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
    this.maxRetryWaitMs = options.maxRetryWaitMs ?? DEFAULT_MAX_RETRY_WAIT_MS;
    this.sleep = options.sleep ?? ((ms) => delay(ms));
  }

  async fetchMarkets(): Promise<CoinMarket[]> {
    const ids = COIN_IDS.map((coin) => COINGECKO_IDS[coin]).join(',');
    const params = { ids, sparkline: 'true', price_change_percentage: '24h' };
    const usd = parseMarkets(await this.getJson('/coins/markets', { vs_currency: 'usd', ...params }));
    const ngn = parseMarkets(await this.getJson('/coins/markets', { vs_currency: 'ngn', ...params }));
    return COIN_IDS.map((coin) => {
      const inUsd = required(usd, coin, 'usd');
      const inNgn = required(ngn, coin, 'ngn');
      return {
        coin,
        symbol: COINS[coin].symbol,
        name: COINS[coin].name,
        priceUsd: decimalFromNumber(inUsd.current_price),
        priceNgn: decimalFromNumber(inNgn.current_price),
        change24hPct: percentFromNumber(inUsd.price_change_percentage_24h ?? 0),
        sparkline7d: sparkline(inUsd),
      };
    });
  }

  async fetchTrending(): Promise<TrendingCoinData[]> {
    const body = z.object({ coins: z.array(z.unknown()) }).safeParse(await this.getJson('/search/trending', {}));
    if (!body.success) throw new MarketDataError('bad_response', 'trending: unexpected body', { cause: body.error });
    const items = body.data.coins
      .map((entry) => trendingItemSchema.safeParse(entry))
      .flatMap((parsed) => (parsed.success ? [parsed.data.item] : []))
      .slice(0, TRENDING_MAX);
    const unique = items.filter((item, index) => items.findIndex((other) => other.id === item.id) === index);
    // Trending carries a price but only a picture of the sparkline: one markets call adds the week's points.
    const markets = await this.trendingMarkets(unique.map((item) => item.id));
    const coins = unique.flatMap((item): TrendingCoinData[] => {
      const market = markets.get(item.id);
      const priceUsd = market ? decimalFromNumber(market.current_price) : trendingPrice(item.data?.price);
      if (!priceUsd) return [];
      const change = market?.price_change_percentage_24h ?? item.data?.price_change_percentage_24h?.usd ?? 0;
      return [
        {
          id: item.id,
          symbol: item.symbol.toUpperCase(),
          name: item.name,
          priceUsd,
          change24hPct: percentFromNumber(change),
          sparkline7d: market ? sparkline(market) : [],
        },
      ];
    });
    if (coins.length === 0) throw new MarketDataError('bad_response', 'trending: no usable coin');
    return coins;
  }

  /** Best effort: without it the list still shows, only without sparklines. */
  private async trendingMarkets(ids: string[]): Promise<Map<string, MarketItem>> {
    if (ids.length === 0) return new Map();
    try {
      const body = await this.getJson('/coins/markets', {
        vs_currency: 'usd',
        ids: ids.join(','),
        per_page: String(ids.length),
        sparkline: 'true',
        price_change_percentage: '24h',
      });
      return parseMarkets(body, { lenient: true });
    } catch (error) {
      if (error instanceof MarketDataError && error.kind !== 'unauthorized') return new Map();
      throw error;
    }
  }

  private async getJson(path: string, params: Record<string, string>): Promise<unknown> {
    const url = new URL(`${this.baseUrl}${path}`);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    for (let attempt = 1; ; attempt += 1) {
      let response: Response;
      let text: string;
      try {
        response = await providerFetch('coingecko', url, {
          headers: { accept: 'application/json', [this.keyHeader]: this.options.apiKey },
          signal: AbortSignal.timeout(this.timeoutMs),
        });
        if (response.status === 429) {
          await response.body?.cancel();
          const waitMs = retryAfterMs(response.headers.get('retry-after')) ?? BACKOFF_BASE_MS * 2 ** (attempt - 1);
          if (attempt >= this.maxAttempts || waitMs > this.maxRetryWaitMs) {
            throw new MarketDataError('rate_limited', `${path}: 429 after ${attempt} tries`, { retryAfterMs: waitMs });
          }
          await this.sleep(waitMs);
          continue;
        }
        if (response.status === 401 || response.status === 403) {
          await response.body?.cancel();
          throw new MarketDataError('unauthorized', `${path}: the key was refused (${response.status})`);
        }
        if (!response.ok) {
          await response.body?.cancel();
          throw new MarketDataError('unavailable', `${path}: answered ${response.status}`);
        }
        const declared = Number(response.headers.get('content-length') ?? 0);
        if (declared > MAX_BODY_BYTES) {
          await response.body?.cancel();
          throw new MarketDataError('bad_response', `${path}: body of ${declared} bytes`);
        }
        text = await response.text();
      } catch (error) {
        if (error instanceof MarketDataError) throw error;
        if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
          throw new MarketDataError('timeout', `${path}: no answer in ${this.timeoutMs} ms`, { cause: error });
        }
        throw new MarketDataError('unavailable', `${path}: request failed`, { cause: error });
      }
      if (text.length > MAX_BODY_BYTES) throw new MarketDataError('bad_response', `${path}: body too large`);
      try {
        return JSON.parse(text) as unknown;
      } catch (cause) {
        throw new MarketDataError('bad_response', `${path}: not JSON`, { cause });
      }
    }
  }
}

/** Retry-After as seconds or as an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, nowMs: number = Date.now()): number | undefined {
  if (header === null) return undefined;
  const value = header.trim();
  if (/^\d{1,7}$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - nowMs);
}

/** The markets array by CoinGecko id. Strict: any malformed entry fails the answer; lenient: it is skipped. */
function parseMarkets(body: unknown, options: { lenient?: boolean } = {}): Map<string, MarketItem> {
  const list = z.array(z.unknown()).safeParse(body);
  if (!list.success) throw new MarketDataError('bad_response', 'markets: not an array', { cause: list.error });
  const byId = new Map<string, MarketItem>();
  for (const entry of list.data) {
    const item = marketItemSchema.safeParse(entry);
    if (!item.success) {
      if (options.lenient) continue;
      throw new MarketDataError('bad_response', 'markets: unexpected entry', { cause: item.error });
    }
    byId.set(item.data.id, item.data);
  }
  return byId;
}

function required(markets: Map<string, MarketItem>, coin: CoinId, currency: string): MarketItem {
  const item = markets.get(COINGECKO_IDS[coin]);
  if (!item) throw new MarketDataError('bad_response', `markets: ${COINGECKO_IDS[coin]} missing in ${currency}`);
  return item;
}

function sparkline(item: MarketItem): number[] {
  const points = (item.sparkline_in_7d?.price ?? []).filter((p): p is number => p !== null && p >= 0);
  return points.slice(-SPARKLINE_MAX_POINTS).map(sparklinePoint);
}

function trendingPrice(price: number | string | null | undefined): string | undefined {
  if (typeof price === 'number') return price > 0 ? decimalFromNumber(price) : undefined;
  if (typeof price !== 'string') return undefined;
  const plain = price.trim().replace(/^\$/, '').replaceAll(',', '');
  if (!PLAIN_PRICE.test(plain) || !/[1-9]/.test(plain)) return undefined;
  return decimalFromText(plain);
}
