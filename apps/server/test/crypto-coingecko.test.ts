import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config';
import { ManualClock } from '../src/lib/clock';
import { COINGECKO_BASE_URLS, CoinGeckoMarketData, retryAfterMs, type CoinGeckoOptions } from '../src/providers/market-data/coingecko';
import { createMarketData } from '../src/providers/market-data/index';
import { MarketDataError } from '../src/providers/market-data/types';
import { startFakeCoinGecko, type FakeCoinGecko } from './support/fake-coingecko';

/**
 * The real CoinGecko client (docs/product.md §7 "External services") against a local fake that speaks its
 * protocol: the key header per plan, the query parameters, 429 with Retry-After, hangs, 5xx and
 * answers that are not what they should be.
 */

let fake: FakeCoinGecko;
beforeAll(async () => {
  fake = await startFakeCoinGecko();
});
afterAll(async () => {
  await fake.close();
});
afterEach(() => {
  fake.requests.length = 0;
  fake.script.length = 0;
  fake.plan = 'demo';
  vi.restoreAllMocks();
});

function client(options: Partial<CoinGeckoOptions> = {}) {
  const waits: number[] = [];
  const gecko = new CoinGeckoMarketData({
    apiKey: fake.apiKey,
    plan: 'demo',
    baseUrl: fake.url,
    sleep: async (ms) => {
      waits.push(ms);
    },
    ...options,
  });
  return { gecko, waits };
}

async function failure(promise: Promise<unknown>): Promise<MarketDataError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(MarketDataError);
  return error as MarketDataError;
}

describe('GET /coins/markets', () => {
  it('asks in usd and in ngn for the four coins with sparklines and the 24h change, the demo key in its header', async () => {
    const { gecko } = client();
    const coins = await gecko.fetchMarkets();

    expect(fake.requests.map((r) => [r.method, r.path, r.query.vs_currency])).toEqual([
      ['GET', '/coins/markets', 'usd'],
      ['GET', '/coins/markets', 'ngn'],
    ]);
    for (const request of fake.requests) {
      expect(request.query).toEqual({
        vs_currency: request.query.vs_currency,
        ids: 'bitcoin,tether,binancecoin,solana',
        sparkline: 'true',
        price_change_percentage: '24h',
      });
      expect(request.headers['x-cg-demo-api-key']).toBe(fake.apiKey);
      expect(request.headers['x-cg-pro-api-key']).toBeUndefined();
      expect(request.headers.accept).toBe('application/json');
    }

    expect(coins.map((c) => c.coin)).toEqual(['btc', 'usdt', 'bnb', 'sol']);
    const [btc, usdt, , sol] = coins;
    expect(btc).toMatchObject({ symbol: 'BTC', name: 'Bitcoin', priceUsd: '95123.45', priceNgn: '152041234.56', change24hPct: '-1.23' });
    expect(usdt).toMatchObject({ priceUsd: '1.001', priceNgn: '1598.37', change24hPct: '0.01' });
    // A null change (seen for new listings) reads as no change rather than failing the answer.
    expect(sol?.change24hPct).toBe('0.00');
    expect(btc?.sparkline7d).toHaveLength(168);
    expect(btc?.sparkline7d.every((p) => typeof p === 'number' && p > 0)).toBe(true);
  });

  it('sends a pro key in the pro header', async () => {
    fake.plan = 'pro';
    const { gecko } = client({ plan: 'pro' });
    await gecko.fetchMarkets();
    expect(fake.requests).toHaveLength(2);
    for (const request of fake.requests) {
      expect(request.headers['x-cg-pro-api-key']).toBe(fake.apiKey);
      expect(request.headers['x-cg-demo-api-key']).toBeUndefined();
    }
  });

  it('a demo key goes to the public host and a pro key to the pro host when no base URL is set', async () => {
    const seen: { url: string; headers: Headers }[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      seen.push({ url: String(input), headers: new Headers(init?.headers) });
      return new Response(JSON.stringify([]), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    await new CoinGeckoMarketData({ apiKey: 'demo-key', plan: 'demo' }).fetchMarkets().catch(() => undefined);
    await new CoinGeckoMarketData({ apiKey: 'pro-key', plan: 'pro' }).fetchMarkets().catch(() => undefined);
    expect(seen[0]?.url.startsWith('https://api.coingecko.com/api/v3/coins/markets?')).toBe(true);
    expect(seen[0]?.headers.get('x-cg-demo-api-key')).toBe('demo-key');
    const pro = seen.find((s) => s.headers.get('x-cg-pro-api-key') === 'pro-key');
    expect(pro?.url.startsWith('https://pro-api.coingecko.com/api/v3/coins/markets?')).toBe(true);
    expect(COINGECKO_BASE_URLS).toEqual({ demo: 'https://api.coingecko.com/api/v3', pro: 'https://pro-api.coingecko.com/api/v3' });
  });

  it('keeps the digits sent: no binary-float noise in the decimal strings', async () => {
    fake.prices.tether = { usd: 0.1 + 0.2, ngn: 1598.37, change24h: 0 };
    try {
      const coins = await client().gecko.fetchMarkets();
      // 0.1 + 0.2 is 0.30000000000000004 as a double: 15 significant digits is what a double carries.
      expect(coins[1]?.priceUsd).toBe('0.3');
    } finally {
      fake.prices.tether = { usd: 1.001, ngn: 1598.37, change24h: 0.01 };
    }
  });

  it('429 with Retry-After: waits as told, then succeeds', async () => {
    fake.script.push({
      status: 429,
      body: { status: { error_code: 429, error_message: 'rate limited' } },
      headers: { 'retry-after': '2' },
    });
    const { gecko, waits } = client();
    const coins = await gecko.fetchMarkets();
    expect(coins).toHaveLength(4);
    expect(waits).toEqual([2000]);
    expect(fake.requests).toHaveLength(3);
  });

  it('429 without Retry-After: exponential back-off, then rate_limited once the tries are used up', async () => {
    for (let i = 0; i < 3; i += 1) fake.script.push({ status: 429, body: {} });
    const { gecko, waits } = client({ maxAttempts: 3 });
    const error = await failure(gecko.fetchMarkets());
    expect(error.kind).toBe('rate_limited');
    expect(waits).toEqual([1000, 2000]);
    expect(error.retryAfterMs).toBe(4000);
    expect(fake.requests).toHaveLength(3);
  });

  it('429 asking for longer than we wait: rate_limited at once, carrying when to ask again', async () => {
    fake.script.push({ status: 429, body: {}, headers: { 'retry-after': '120' } });
    const { gecko, waits } = client();
    const error = await failure(gecko.fetchMarkets());
    expect(error.kind).toBe('rate_limited');
    expect(error.retryAfterMs).toBe(120_000);
    expect(waits).toEqual([]);
    expect(fake.requests).toHaveLength(1);
  });

  it('a provider that hangs: timeout', async () => {
    fake.script.push({ status: 200, body: [], delayMs: 5_000 });
    // The answer is held for 5 s: only the client's own 200 ms timeout can end the call as 'timeout'.
    const error = await failure(client({ timeoutMs: 200 }).gecko.fetchMarkets());
    expect(error.kind).toBe('timeout');
  });

  it('HTTP 500: unavailable', async () => {
    fake.script.push({ status: 500, raw: '<html>Internal Server Error</html>', headers: { 'content-type': 'text/html' } });
    expect((await failure(client().gecko.fetchMarkets())).kind).toBe('unavailable');
  });

  it('a refused key: unauthorized', async () => {
    const error = await failure(client({ apiKey: 'wrong' }).gecko.fetchMarkets());
    expect(error.kind).toBe('unauthorized');
  });

  it('a connection refused: unavailable', async () => {
    const error = await failure(client({ baseUrl: 'http://127.0.0.1:1' }).gecko.fetchMarkets());
    expect(error.kind).toBe('unavailable');
  });

  it.each([
    ['malformed JSON', { status: 200, raw: '[{"id": "bitcoin", "current_price": ' }],
    ['an object instead of the array', { status: 200, body: { error: 'something' } }],
    ['a price as text', { status: 200, body: [{ id: 'bitcoin', symbol: 'btc', name: 'Bitcoin', current_price: '95000' }] }],
    ['a null price', { status: 200, body: [{ id: 'bitcoin', symbol: 'btc', name: 'Bitcoin', current_price: null }] }],
    ['a negative price', { status: 200, body: [{ id: 'bitcoin', symbol: 'btc', name: 'Bitcoin', current_price: -1 }] }],
    ['coins missing', { status: 200, body: [] }],
  ])('%s: bad_response', async (_label, answer) => {
    fake.script.push(answer);
    expect((await failure(client().gecko.fetchMarkets())).kind).toBe('bad_response');
  });
});

describe('GET /search/trending', () => {
  it('reads the coins, adds sparklines from one markets call, and draws prices from text when the service sends text', async () => {
    const coins = await client().gecko.fetchTrending();
    expect(fake.requests.map((r) => r.path)).toEqual(['/search/trending', '/coins/markets']);
    expect(fake.requests[0]?.headers['x-cg-demo-api-key']).toBe(fake.apiKey);
    expect(fake.requests[1]?.query).toMatchObject({ vs_currency: 'usd', ids: 'pepe,ethereum,hyperliquid,bitcoin', sparkline: 'true' });

    expect(coins.map((c) => c.id)).toEqual(['pepe', 'ethereum', 'hyperliquid', 'bitcoin']);
    expect(coins[0]).toMatchObject({ symbol: 'PEPE', name: 'Pepe', priceUsd: '0.00001834', change24hPct: '12.50' });
    expect(coins[0]?.sparkline7d).toHaveLength(168);
    // Not in the markets answer: the trending item's own "$24.31" and 24h change, no sparkline.
    expect(coins[2]).toEqual({
      id: 'hyperliquid',
      symbol: 'HYPE',
      name: 'Hyperliquid',
      priceUsd: '24.31',
      change24hPct: '6.20',
      sparkline7d: [],
    });
  });

  it('skips items that are not what a coin looks like, keeping the rest', async () => {
    fake.script.push({
      status: 200,
      body: {
        coins: [
          { item: { id: '../../etc/passwd', symbol: 'X', name: 'Evil', data: { price: 1 } } },
          { item: { id: 'nulled', symbol: 'NUL', name: 'Bad\u0000Name', data: { price: 1 } } },
          { item: { id: 'noprice', symbol: 'NP', name: 'No price', data: { price: 'n/a' } } },
          { item: { id: 'ethereum', symbol: 'eth', name: 'Ethereum', data: { price: 3402.5, price_change_percentage_24h: { usd: 1 } } } },
          'not an object',
        ],
      },
    });
    const coins = await client().gecko.fetchTrending();
    expect(coins.map((c) => c.id)).toEqual(['ethereum']);
    expect(coins[0]?.symbol).toBe('ETH');
  });

  it('still lists trending coins when the sparkline call fails', async () => {
    // The trending call answers; the markets call behind it gets a 500.
    fake.script.push({
      status: 200,
      body: { coins: [{ item: { id: 'ethereum', symbol: 'ETH', name: 'Ethereum', data: { price: 3402.5 } } }] },
    });
    fake.script.push({ status: 500, body: {} });
    const coins = await client().gecko.fetchTrending();
    expect(coins).toEqual([{ id: 'ethereum', symbol: 'ETH', name: 'Ethereum', priceUsd: '3402.5', change24hPct: '0.00', sparkline7d: [] }]);
    expect(fake.requests.map((r) => r.path)).toEqual(['/search/trending', '/coins/markets']);
  });

  it.each([
    ['malformed JSON', { status: 200, raw: '{"coins": [' }],
    ['no coins array', { status: 200, body: { nfts: [] } }],
    ['no usable coin', { status: 200, body: { coins: [{ item: { id: 'x', symbol: 'X', name: 'X' } }] } }],
  ])('%s: bad_response', async (_label, answer) => {
    fake.script.push(answer);
    expect((await failure(client().gecko.fetchTrending())).kind).toBe('bad_response');
  });

  it('HTTP 503 on trending: unavailable', async () => {
    fake.script.push({ status: 503, body: {} });
    expect((await failure(client().gecko.fetchTrending())).kind).toBe('unavailable');
  });
});

describe('Retry-After', () => {
  it('reads seconds and HTTP dates', () => {
    const now = Date.parse('2026-01-05T09:00:00Z');
    expect(retryAfterMs('30', now)).toBe(30_000);
    expect(retryAfterMs('Mon, 05 Jan 2026 09:01:00 GMT', now)).toBe(60_000);
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs(null, now)).toBeUndefined();
  });
});

describe('the provider factory', () => {
  it('the real client when COINGECKO_API_KEY is set, the sandbox otherwise', () => {
    const clock = new ManualClock();
    const base = { NODE_ENV: 'test', APP_URL: 'http://localhost:3000' };
    expect(createMarketData(loadConfig(base), clock).name).toBe('sandbox');
    const configured = loadConfig({ ...base, COINGECKO_API_KEY: 'CG-abc', COINGECKO_PLAN: 'pro' });
    expect(configured.COINGECKO_PLAN).toBe('pro');
    expect(createMarketData(configured, clock).name).toBe('coingecko');
  });

  it('configuration: defaults, and a maximum price age that must outlast the refresh interval', () => {
    const base = { NODE_ENV: 'test', APP_URL: 'http://localhost:3000' };
    expect(loadConfig(base)).toMatchObject({
      COINGECKO_PLAN: 'demo',
      CRYPTO_REFRESH_INTERVAL_S: 60,
      CRYPTO_MAX_PRICE_AGE_S: 600,
      CRYPTO_QUOTE_TTL_S: 900,
    });
    expect(() => loadConfig({ ...base, CRYPTO_REFRESH_INTERVAL_S: '900' })).toThrow(/CRYPTO_MAX_PRICE_AGE_S/);
    expect(() => loadConfig({ ...base, COINGECKO_PLAN: 'enterprise' })).toThrow(/COINGECKO_PLAN/);
  });
});
