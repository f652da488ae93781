import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import type { MarketSettings } from '../src/domain/crypto/market-cache';
import { Dec } from '../src/domain/crypto/money';
import { computeQuote, createQuote, getValidQuote, QuoteExpiredError, type QuoteDeps } from '../src/domain/crypto/quotes';
import type { Adjustments } from '../src/domain/crypto/rates';
import { DomainError } from '../src/domain/errors';
import { ManualClock } from '../src/lib/clock';
import type { CoinMarket, MarketDataProvider } from '../src/providers/market-data/types';
import { openTestDatabase } from './support/db';
import { insertUsers, refusalOf } from './support/gem-users';

/**
 * The crypto quote (docs/decisions.md §4, docs/product.md §9): naira per USD = USDT/NGN market rate ± the USDT
 * adjustment, then ± the coin's own adjustment (BTC, BNB, SOL); value = amount × USD price × rate,
 * rounded once, half-up, to the kobo. Expected values below are worked out by hand.
 */

const adjustments = (usdt: string, btc = '0', bnb = '0', sol = '0'): Adjustments => ({
  usdt: new Dec(usdt),
  btc: new Dec(btc),
  bnb: new Dec(bnb),
  sol: new Dec(sol),
});

describe('computeQuote', () => {
  it('USDT: amount × USDT price × (market rate + USDT adjustment); no coin adjustment', () => {
    // 1598.37 + 15 = 1613.37; 250.5 × 1.001 = 250.7505; × 1613.37 = 404553.334185 naira → 40455333.4185 kobo → 40455333.
    expect(
      computeQuote({
        coin: 'usdt',
        amount: '250.5',
        priceUsd: '1.001',
        usdtMarketRateNgn: '1598.37',
        adjustments: adjustments('+15', '-20', '10', '-10'),
      }),
    ).toEqual({ usdtRateNgn: '1613.37', coinAdjustmentNgn: '0', rateNgnPerUsd: '1613.37', valueKobo: 40_455_333 });
  });

  it("BTC with a '-' adjustment", () => {
    // 1598.37 + 15 − 20 = 1593.37; 0.015 × 95123.45 = 1426.85175; × 1593.37 = 2273502.7728975 → 227350277.28975 kobo → 227350277.
    expect(
      computeQuote({
        coin: 'btc',
        amount: '0.015',
        priceUsd: '95123.45',
        usdtMarketRateNgn: '1598.37',
        adjustments: adjustments('15', '-20'),
      }),
    ).toEqual({ usdtRateNgn: '1613.37', coinAdjustmentNgn: '-20', rateNgnPerUsd: '1593.37', valueKobo: 227_350_277 });
  });

  it("BNB with a '+' adjustment, rounding half-up", () => {
    // 1598.37 + 15 + 10 = 1623.37; 1.5 × 651.2 = 976.8; × 1623.37 = 1585707.816 → 158570781.6 kobo → 158570782.
    expect(
      computeQuote({
        coin: 'bnb',
        amount: '1.5',
        priceUsd: '651.2',
        usdtMarketRateNgn: '1598.37',
        adjustments: adjustments('15', '-20', '+10'),
      }),
    ).toEqual({ usdtRateNgn: '1613.37', coinAdjustmentNgn: '10', rateNgnPerUsd: '1623.37', valueKobo: 158_570_782 });
  });

  it("SOL with '-' on both the USDT and the coin adjustment, 9 decimals of SOL", () => {
    // 1598.37 − 5 − 10 = 1583.37; 2.123456789 × 181.07 = 384.49432078423; × 1583.37 = 608796.7727001262551 → 60879677.27… kobo → 60879677.
    expect(
      computeQuote({
        coin: 'sol',
        amount: '2.123456789',
        priceUsd: '181.07',
        usdtMarketRateNgn: '1598.37',
        adjustments: adjustments('-5', '0', '0', '-10'),
      }),
    ).toEqual({ usdtRateNgn: '1593.37', coinAdjustmentNgn: '-10', rateNgnPerUsd: '1583.37', valueKobo: 60_879_677 });
  });

  it('no float drift: exactly half a kobo goes up, where binary floats would go down', () => {
    const input = { coin: 'usdt' as const, amount: '2.5', priceUsd: '1.001', usdtMarketRateNgn: '1587', adjustments: adjustments('+15') };
    // 2.5 × 1.001 × 1602 = 4009.005 naira = 400900.5 kobo exactly → 400901. As doubles it is 400900.49999999994.
    expect(computeQuote(input).valueKobo).toBe(400_901);
    expect(Math.round(2.5 * 1.001 * 1602 * 100)).toBe(400_900);
  });

  it('the smallest BTC amount still prices to the kobo', () => {
    // 0.00000001 × 95123.45 × 1593.37 = 1.515668515265 naira → 151.5668515265 kobo → 152.
    expect(
      computeQuote({
        coin: 'btc',
        amount: '0.00000001',
        priceUsd: '95123.45',
        usdtMarketRateNgn: '1598.37',
        adjustments: adjustments('15', '-20'),
      }).valueKobo,
    ).toBe(152);
  });

  it('an adjustment that leaves no positive rate quotes nothing', () => {
    expect(() =>
      computeQuote({ coin: 'btc', amount: '1', priceUsd: '1', usdtMarketRateNgn: '1598.37', adjustments: adjustments('0', '-1598.37') }),
    ).toThrow(DomainError);
  });
});

// ---------------------------------------------------------------------------------------------
// Stored quotes, on both engines
// ---------------------------------------------------------------------------------------------

const SECOND = 1000;
const settings: MarketSettings = {
  refreshIntervalMs: 60 * SECOND,
  trendingIntervalMs: 600 * SECOND,
  maxPriceAgeMs: 600 * SECOND,
  firstFetchTimeoutMs: 1000,
};
/** Quotes here read the cache only: the provider must never be asked. */
const noProvider: MarketDataProvider = {
  name: 'sandbox',
  fetchMarkets: () => Promise.reject(new Error('the quote asked the provider')),
  fetchTrending: () => Promise.reject(new Error('the quote asked the provider')),
};
const market = (coin: CoinMarket['coin'], symbol: string, priceUsd: string, priceNgn: string): CoinMarket => ({
  coin,
  symbol,
  name: symbol,
  priceUsd,
  priceNgn,
  change24hPct: '0.00',
  sparkline7d: [],
});
const cachedCoins = [
  market('btc', 'BTC', '95123.45', '152041234.56'),
  market('usdt', 'USDT', '1.001', '1598.37'),
  market('bnb', 'BNB', '651.2', '1040858.1'),
  market('sol', 'SOL', '181.07', '289414.2'),
];

let database: Database;
let clock: ManualClock;
let deps: QuoteDeps;
let alice = '';
let bob = '';

beforeAll(async () => {
  database = await openTestDatabase();
  [alice = '', bob = ''] = await insertUsers(database, 2);
});
afterAll(async () => {
  await database.close();
});
beforeEach(async () => {
  clock = new ManualClock('2026-04-06T09:00:00Z');
  deps = { provider: noProvider, clock, settings, quoteTtlMs: 900 * SECOND };
  await database.query(
    "UPDATE market_data_cache SET payload = $1::jsonb, fetched_at = $2, next_attempt_at = '9999-01-01T00:00:00Z' WHERE dataset = 'markets'",
    [JSON.stringify({ coins: cachedCoins }), new Date(clock.now().getTime() - 30 * SECOND).toISOString()],
  );
  await database.query(
    "UPDATE crypto_price_adjustments SET adjustment_ngn = CASE coin WHEN 'usdt' THEN 15 WHEN 'btc' THEN -20 WHEN 'bnb' THEN 10 WHEN 'sol' THEN -10 END",
  );
});

async function errorOf(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof DomainError)) throw new Error(`expected a DomainError, got ${String(error)}`);
  return error;
}

describe('createQuote', () => {
  it('prices from the cache and the seeded adjustments, and stores everything it used', async () => {
    const quote = await createQuote(database.db, deps, alice, { coin: 'btc', amount: '0.0150' });
    expect(quote).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      coin: 'btc',
      amount: '0.015',
      price_usd: '95123.45',
      usdt_rate_ngn: '1613.37',
      coin_adjustment_ngn: '-20',
      rate_ngn_per_usd: '1593.37',
      value_kobo: 227_350_277,
      value_ngn: '2273502.77',
      expires_at: '2026-04-06T09:15:00.000Z',
      prices_at: '2026-04-06T08:59:30.000Z',
    });
    const [row] = await database.query<Record<string, string>>(
      'SELECT user_id, coin, amount::text, price_usd::text, usdt_market_rate_ngn::text, usdt_adjustment_ngn::text, usdt_rate_ngn::text, coin_adjustment_ngn::text, rate_ngn_per_usd::text, value_kobo::text FROM crypto_quotes WHERE id = $1',
      [quote.id],
    );
    expect(row).toEqual({
      user_id: alice,
      coin: 'btc',
      amount: '0.015',
      price_usd: '95123.45',
      usdt_market_rate_ngn: '1598.37',
      usdt_adjustment_ngn: '15.00',
      usdt_rate_ngn: '1613.37',
      coin_adjustment_ngn: '-20.00',
      rate_ngn_per_usd: '1593.37',
      value_kobo: '227350277',
    });
  });

  it("'+' adjustments show with their sign, USDT's own adjustment never twice", async () => {
    expect(await createQuote(database.db, deps, alice, { coin: 'bnb', amount: '1.5' })).toMatchObject({
      coin_adjustment_ngn: '+10',
      rate_ngn_per_usd: '1623.37',
      value_ngn: '1585707.82',
    });
    expect(await createQuote(database.db, deps, alice, { coin: 'usdt', amount: '250.5' })).toMatchObject({
      coin_adjustment_ngn: '0',
      rate_ngn_per_usd: '1613.37',
      value_kobo: 40_455_333,
    });
  });

  it('refuses amounts worth less than a kobo or more than the most one sale may be', async () => {
    const tiny = await errorOf(createQuote(database.db, deps, alice, { coin: 'usdt', amount: '0.000001' }));
    expect([tiny.status, tiny.code, tiny.extra.fields]).toEqual([400, 'VALIDATION', { amount: 'This amount is too small to sell' }]);
    const huge = await errorOf(createQuote(database.db, deps, alice, { coin: 'btc', amount: '99999' }));
    expect([huge.status, huge.extra.fields]).toEqual([400, { amount: 'This amount is too large for one sale' }]);
  });

  it('refuses more decimals than the coin has and non-positive amounts even when called directly', async () => {
    expect((await errorOf(createQuote(database.db, deps, alice, { coin: 'btc', amount: '0.123456789' }))).extra.fields).toEqual({
      amount: 'BTC amounts have at most 8 decimal places',
    });
    expect((await errorOf(createQuote(database.db, deps, alice, { coin: 'sol', amount: '0' }))).status).toBe(400);
  });

  it('never quotes stale prices', async () => {
    clock.advance(571 * SECOND); // the prices are now 601 s old
    const error = await errorOf(createQuote(database.db, deps, alice, { coin: 'usdt', amount: '10' }));
    expect([error.status, error.code, error.message]).toEqual([503, 'PRICES_STALE', 'Prices are being updated. Try again in a minute.']);
  });
});

describe('getValidQuote', () => {
  it("returns the customer's own quote until it expires, then QUOTE_EXPIRED carrying it", async () => {
    const quote = await createQuote(database.db, deps, alice, { coin: 'sol', amount: '2.123456789' });
    const valid = await getValidQuote(database.db, clock, alice, quote.id);
    expect(valid).toMatchObject({
      id: quote.id,
      userId: alice,
      coin: 'sol',
      amount: '2.123456789',
      rateNgnPerUsd: '1603.37',
      usdtAdjustmentNgn: '15',
      coinAdjustmentNgn: '-10',
      valueKobo: quote.value_kobo,
    });

    clock.advance(900 * SECOND - 1);
    expect((await getValidQuote(database.db, clock, alice, quote.id)).id).toBe(quote.id);
    clock.advance(1);
    const error = await errorOf(getValidQuote(database.db, clock, alice, quote.id));
    expect(error).toBeInstanceOf(QuoteExpiredError);
    expect([error.status, error.code]).toEqual([409, 'QUOTE_EXPIRED']);
    expect((error as QuoteExpiredError).quote).toMatchObject({ coin: 'sol', amount: '2.123456789' });
  });

  it("another customer's quote, an unknown id and a malformed id are all simply not found", async () => {
    const quote = await createQuote(database.db, deps, alice, { coin: 'btc', amount: '0.01' });
    for (const [userId, id] of [
      [bob, quote.id],
      [alice, '00000000-0000-4000-8000-000000000000'],
      [alice, 'not-a-uuid'],
      [alice, `${quote.id}' OR '1'='1`],
    ] as const) {
      const error = await errorOf(getValidQuote(database.db, clock, userId, id));
      expect([error.status, error.code]).toEqual([404, 'QUOTE_NOT_FOUND']);
    }
  });
});

describe('the database keeps a quote honest', () => {
  const insert = (value: string, rate = '1593.37', usdtRate = '1613.37') =>
    `INSERT INTO crypto_quotes (user_id, coin, amount, price_usd, usdt_market_rate_ngn, usdt_adjustment_ngn, usdt_rate_ngn, coin_adjustment_ngn, rate_ngn_per_usd, value_kobo, prices_at, created_at, expires_at)
     VALUES ('${alice}', 'btc', 0.015, 95123.45, 1598.37, 15, ${usdtRate}, -20, ${rate}, ${value}, '2026-04-06T09:00:00Z', '2026-04-06T09:00:00Z', '2026-04-06T09:15:00Z');`;

  it('accepts the figures that follow from their inputs', async () => {
    await database.exec(insert('227350277'));
  });

  it.each([
    ['a value off by a kobo', () => insert('227350278'), 'crypto_quotes_value'],
    ['a rate that is not the USDT rate plus the coin adjustment', () => insert('227350277', '1600'), 'crypto_quotes_rate'],
    // The rate stays consistent with it, so only the USDT rate's own check (checked before the value's) can refuse.
    [
      'a USDT rate that is not the market rate plus its adjustment',
      () => insert('227350277', '1593.38', '1613.38'),
      'crypto_quotes_usdt_rate',
    ],
  ])('refuses %s', async (_label, statement, constraint) => {
    expect(await refusalOf(database, statement())).toContain(constraint);
  });
});
