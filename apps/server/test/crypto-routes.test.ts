import {
  coinsResponseSchema,
  quoteResponseSchema,
  trendingResponseSchema,
  walletAddressesResponseSchema,
  type CoinsResponse,
  type Quote,
} from '@wise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Dec } from '../src/domain/crypto/money';
import { getValidQuote } from '../src/domain/crypto/quotes';
import { ManualClock } from '../src/lib/clock';
import { SandboxMarketData } from '../src/providers/market-data/sandbox';
import { createTestApp, get, post, type TestApp } from './support/app';
import { createCustomer, type TestUser } from './support/users';

/**
 * The crypto API (market data and quotes) over HTTP with the sandbox provider and a
 * clock moved by hand: each route's answer, its access rule, and every kind of bad input.
 */

const clock = new ManualClock('2026-06-01T12:00:00Z');
const startedAt = clock.now();
let t: TestApp;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  t = await createTestApp({ clock });
  alice = await createCustomer(t);
  bob = await createCustomer(t);
});
afterAll(async () => {
  await t.close();
});

const quote = (payload: unknown, cookie = alice.cookie) => post(t.app, '/api/crypto/quotes', payload, cookie);

describe('access', () => {
  it.each([
    ['GET', '/api/crypto/coins'],
    ['GET', '/api/crypto/trending'],
    ['GET', '/api/crypto/wallet-addresses'],
    ['POST', '/api/crypto/quotes'],
  ])('%s %s needs a session (401 logged out)', async (method, url) => {
    const response = await t.app.inject({
      method: method as 'GET' | 'POST',
      url,
      payload: method === 'POST' ? { coin: 'btc', amount: '0.1' } : undefined,
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('the coin art is public', async () => {
    expect((await get(t.app, '/api/crypto/art/btc.svg')).statusCode).toBe(200);
  });
});

describe('GET /api/crypto/coins', () => {
  it('lists BTC, USDT, BNB and SOL from the cache, with each one’s naira-per-USD rate', async () => {
    const response = await get(t.app, '/api/crypto/coins', alice.cookie);
    expect(response.statusCode).toBe(200);
    const body = coinsResponseSchema.parse(response.json()) satisfies CoinsResponse;
    expect(body.coins.map((c) => [c.id, c.symbol, c.name])).toEqual([
      ['btc', 'BTC', 'Bitcoin'],
      ['usdt', 'USDT', 'Tether'],
      ['bnb', 'BNB', 'BNB'],
      ['sol', 'SOL', 'Solana'],
    ]);
    expect(body).toMatchObject({ updated_at: startedAt.toISOString(), stale: false });

    const market = await new SandboxMarketData(clock).fetchMarkets();
    const usdtNgn = new Dec(market.find((m) => m.coin === 'usdt')?.priceNgn ?? 'NaN');
    // The seeded adjustments: USDT +15, BTC −20, BNB +10, SOL −10.
    const expectedRate = { btc: usdtNgn.plus(15).minus(20), usdt: usdtNgn.plus(15), bnb: usdtNgn.plus(25), sol: usdtNgn.plus(5) };
    for (const coin of body.coins) {
      const source = market.find((m) => m.coin === coin.id);
      expect(coin.current_price_usd).toBe(source?.priceUsd);
      expect(coin.current_price_ngn).toBe(source?.priceNgn);
      expect(coin.rate_ngn_per_usd).toBe(expectedRate[coin.id].toFixed());
      expect(coin.image_url).toBe(`/api/crypto/art/${coin.id}.svg`);
      expect(coin.sparkline_7d).toHaveLength(168);
      expect(coin.price_change_percentage_24h).toMatch(/^-?\d+\.\d{2}$/);
    }
  });

  it("names the customer's own id only: another user's id is refused", async () => {
    expect((await get(t.app, `/api/crypto/coins?user_id=${alice.id}`, bob.cookie)).statusCode).toBe(403);
  });
});

describe('GET /api/crypto/trending', () => {
  it('lists at least ten coins, each with a logo we serve', async () => {
    const response = await get(t.app, '/api/crypto/trending', alice.cookie);
    expect(response.statusCode).toBe(200);
    const body = trendingResponseSchema.parse(response.json());
    expect(body.coins.length).toBeGreaterThanOrEqual(10);
    expect(body.stale).toBe(false);
    for (const coin of body.coins) {
      expect(coin.image_url).toMatch(/^\/api\/crypto\/art\/[a-z0-9-]+\.svg$/);
      const art = await get(t.app, coin.image_url);
      expect(art.statusCode, coin.id).toBe(200);
      expect(art.headers['content-type']).toContain('image/svg+xml');
    }
  });

  it('marks the coins we buy by their market id, and no other', async () => {
    const { coins } = trendingResponseSchema.parse((await get(t.app, '/api/crypto/trending', alice.cookie)).json());
    const sellable = Object.fromEntries(coins.map((coin) => [coin.id, coin.sellable]));
    expect(sellable).toMatchObject({ bitcoin: 'btc', binancecoin: 'bnb', solana: 'sol', ethereum: null, pepe: null });
    expect(coins.filter((coin) => coin.sellable).every((coin) => ['bitcoin', 'tether', 'binancecoin', 'solana'].includes(coin.id))).toBe(
      true,
    );
  });
});

describe('GET /api/crypto/wallet-addresses', () => {
  it('lists the enabled addresses, in order, hiding disabled ones', async () => {
    await t.database.query(
      "INSERT INTO crypto_wallet_addresses (coin, network, address, enabled, sort_order) VALUES ('usdt', 'bsc', '0xRETIRED0000000000000000000000000000DEMO', false, 0)",
    );
    const response = await get(t.app, '/api/crypto/wallet-addresses', alice.cookie);
    expect(response.statusCode).toBe(200);
    const { addresses } = walletAddressesResponseSchema.parse(response.json());
    expect(addresses.map((a) => [a.coin, a.network])).toEqual([
      ['btc', 'bitcoin'],
      ['usdt', 'tron'],
      ['bnb', 'bsc'],
      ['sol', 'solana'],
    ]);
    expect(addresses.every((a) => a.memo === null && a.address.length >= 30)).toBe(true);
    expect(response.body).not.toContain('RETIRED');
  });
});

describe('POST /api/crypto/quotes', () => {
  it('201 with a stored quote at the coin’s rate, honoured for 15 minutes', async () => {
    const coins = (await get(t.app, '/api/crypto/coins', alice.cookie)).json<CoinsResponse>();
    const btc = coins.coins.find((c) => c.id === 'btc');
    const response = await quote({ coin: 'btc', amount: '0.0125' });
    expect(response.statusCode).toBe(201);
    const body = quoteResponseSchema.parse(response.json());
    const expectedKobo = new Dec('0.0125')
      .times(btc?.current_price_usd ?? 'NaN')
      .times(btc?.rate_ngn_per_usd ?? 'NaN')
      .times(100)
      .toDecimalPlaces(0, Dec.ROUND_HALF_UP)
      .toNumber();
    expect(body.quote).toMatchObject({
      coin: 'btc',
      amount: '0.0125',
      price_usd: btc?.current_price_usd,
      rate_ngn_per_usd: btc?.rate_ngn_per_usd,
      coin_adjustment_ngn: '-20',
      value_kobo: expectedKobo,
      expires_at: new Date(clock.now().getTime() + 900_000).toISOString(),
      prices_at: coins.updated_at,
    } satisfies Partial<Quote>);
    expect(body.quote.value_ngn).toBe(`${Math.floor(expectedKobo / 100)}.${String(expectedKobo % 100).padStart(2, '0')}`);
    // What the sale submission will read back.
    expect((await getValidQuote(t.database.db, clock, alice.id, body.quote.id)).valueKobo).toBe(expectedKobo);
  });

  it.each([
    ['zero', { coin: 'btc', amount: '0' }, 'Enter an amount greater than 0'],
    ['zero with decimals', { coin: 'usdt', amount: '0.000000' }, 'Enter an amount greater than 0'],
    ['negative', { coin: 'btc', amount: '-1' }, 'Invalid input'],
    ['non-numeric', { coin: 'btc', amount: 'abc' }, 'Invalid input'],
    ['an exponent', { coin: 'btc', amount: '1e5' }, 'Invalid input'],
    ['thousands separators', { coin: 'usdt', amount: '1,000' }, 'Invalid input'],
    ['hexadecimal', { coin: 'usdt', amount: '0x10' }, 'Invalid input'],
    ['Infinity', { coin: 'usdt', amount: 'Infinity' }, 'Invalid input'],
    ['NaN', { coin: 'usdt', amount: 'NaN' }, 'Invalid input'],
    ['blank', { coin: 'usdt', amount: '   ' }, 'This field is required'],
    ['missing', { coin: 'usdt' }, 'This field is required'],
    ['a JSON number', { coin: 'usdt', amount: 10 }, 'This field is required'],
    ['a NUL inside', { coin: 'usdt', amount: '1\u00000' }, 'Invalid input'],
    ['absurdly many digits', { coin: 'usdt', amount: '1'.repeat(200) }, 'Invalid input'],
    ['a billion coins', { coin: 'sol', amount: '1000000000' }, 'This amount is too large for one sale'],
    ['more BTC than one sale may be worth', { coin: 'btc', amount: '99999' }, 'This amount is too large for one sale'],
    ['9 decimals of BTC', { coin: 'btc', amount: '0.123456789' }, 'BTC amounts have at most 8 decimal places'],
    ['7 decimals of USDT', { coin: 'usdt', amount: '1.1234567' }, 'USDT amounts have at most 6 decimal places'],
    ['10 decimals of SOL', { coin: 'sol', amount: '1.0000000001' }, 'SOL amounts have at most 9 decimal places'],
    ['worth less than a kobo', { coin: 'usdt', amount: '0.000001' }, 'This amount is too small to sell'],
  ])('400 for %s', async (_label, payload, message) => {
    const response = await quote(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION', fields: { amount: message } });
  });

  it.each([
    ['an unknown coin', { coin: 'eth', amount: '1' }],
    ['an upper-case coin', { coin: 'BTC', amount: '1' }],
    ['no coin', { amount: '1' }],
  ])('400 for %s', async (_label, payload) => {
    const response = await quote(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION', fields: { coin: 'Choose BTC, USDT, BNB or SOL' } });
  });

  it('400 for an extra field, a non-object body and broken JSON', async () => {
    expect((await quote({ coin: 'btc', amount: '1', price_usd: '1' })).statusCode).toBe(400);
    expect((await quote(['btc', '1'])).statusCode).toBe(400);
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/crypto/quotes',
      payload: '{"coin": "btc",',
      headers: { cookie: alice.cookie, 'content-type': 'application/json' },
    });
    expect(broken.statusCode).toBe(400);
  });

  it("another customer cannot use the first one's quote", async () => {
    const body = (await quote({ coin: 'sol', amount: '3' })).json<{ quote: Quote }>();
    await expect(getValidQuote(t.database.db, clock, bob.id, body.quote.id)).rejects.toMatchObject({
      code: 'QUOTE_NOT_FOUND',
      status: 404,
    });
  });

  it('an expired quote is QUOTE_EXPIRED for the sale', async () => {
    const body = (await quote({ coin: 'usdt', amount: '50' })).json<{ quote: Quote }>();
    clock.advance(900_000);
    await expect(getValidQuote(t.database.db, clock, alice.id, body.quote.id)).rejects.toMatchObject({
      code: 'QUOTE_EXPIRED',
      status: 409,
    });
    clock.set(startedAt);
  });

  it('prices older than the maximum age: the coins are served marked stale and quoting is refused with 503', async () => {
    clock.set(new Date(startedAt.getTime() + 600_001));
    try {
      const coins = await get(t.app, '/api/crypto/coins', alice.cookie);
      expect(coins.statusCode).toBe(200);
      expect(coins.json()).toMatchObject({ updated_at: startedAt.toISOString(), stale: true });
      const refused = await quote({ coin: 'btc', amount: '0.01' });
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toEqual({ code: 'PRICES_STALE', error: 'Prices are being updated. Try again in a minute.' });
    } finally {
      clock.set(startedAt);
    }
  });
});

describe('GET /api/crypto/art/:id.svg', () => {
  it('draws the four coins, cacheable, with no script in them', async () => {
    for (const id of ['btc', 'usdt', 'bnb', 'sol', 'bitcoin', 'ethereum']) {
      const response = await get(t.app, `/api/crypto/art/${id}.svg`);
      expect(response.statusCode, id).toBe(200);
      expect(response.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
      expect(response.headers['cache-control']).toBe('public, max-age=86400');
      expect(response.body.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
      expect(response.body).not.toMatch(/<script|href=|on\w+=/i);
    }
  });

  it('letters any other coin with its symbol; a hint that is not plain letters and digits is ignored', async () => {
    const hype = await get(t.app, '/api/crypto/art/hyperliquid.svg?symbol=HYPE');
    expect(hype.body).toContain('>HYPE</text>');
    const evil = await get(t.app, '/api/crypto/art/hyperliquid.svg?symbol=%3Cscript%3E');
    expect(evil.statusCode).toBe(200);
    expect(evil.body).not.toContain('script');
    expect(evil.body).toContain('>HYP</text>');
  });

  it('refuses ids that are not coin slugs', async () => {
    for (const url of [
      '/api/crypto/art/..%2F..%2Fetc.svg',
      '/api/crypto/art/BTC.svg',
      '/api/crypto/art/a%3Cb.svg',
      `/api/crypto/art/${'a'.repeat(65)}.svg`,
    ]) {
      const response = await get(t.app, url);
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, url).toBeLessThan(500);
    }
  });
});

describe('rate limit', () => {
  it('quotes per customer are limited (429 after 30 a minute)', async () => {
    const strict = await createTestApp({ clock: new ManualClock('2026-06-01T12:00:00Z'), rateLimitMultiplier: 1 });
    try {
      const carol = await createCustomer(strict);
      for (let i = 0; i < 30; i += 1) {
        expect((await post(strict.app, '/api/crypto/quotes', { coin: 'usdt', amount: '10' }, carol.cookie)).statusCode).toBe(201);
      }
      const limited = await post(strict.app, '/api/crypto/quotes', { coin: 'usdt', amount: '10' }, carol.cookie);
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['retry-after']).toBeDefined();
    } finally {
      await strict.close();
    }
  });
});
