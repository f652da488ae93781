import { randomUUID } from 'node:crypto';
import {
  formatKobo,
  rateAlertErrorCodes,
  rateAlertListResponseSchema,
  rateAlertTexts,
  RATE_ALERTS_MAX,
  type GiftCardDetailResponse,
  type RateAlert,
  type RatesResponse,
} from '@wise/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { marketDataJobs } from '../src/domain/crypto/jobs';
import type { MarketSettings } from '../src/domain/crypto/market-cache';
import { emailJobs } from '../src/domain/notifications/email';
import { RATE_ALERTS_JOB } from '../src/domain/rates/alerts';
import { rateAlertJobs } from '../src/domain/rates/jobs';
import { JobWorker, silentLogger } from '../src/jobs/worker';
import { ManualClock } from '../src/lib/clock';
import type { CoinMarket, MarketDataProvider, TrendingCoinData } from '../src/providers/market-data/index';
import { createTestApp, get, post, type TestApp } from './support/app';
import { createStaff, type TestStaff } from './support/staff';
import { createCustomer, type TestUser } from './support/users';

/**
 * Rate alerts (docs/features.md, "Rates and alerts"): a customer's "tell me when … reaches ₦X" fires once —
 * in-app notification, push and e-mail — after an admin's rate change or a coin price refresh,
 * and never again; the database keeps the limit of 10 waiting alerts and the spent state final.
 * PostgreSQL, the real routes, the real job queue.
 */

const clock = new ManualClock('2026-11-26T09:00:00Z');
let t: TestApp;
let admin: TestStaff;
let worker: JobWorker;
let amazonUsa: { id: string; exchange_rate: string };

/** Market data the test sets: BTC at `btcUsd`, one USD = ₦1,500 (USDT's naira price). */
class ScriptedMarkets implements MarketDataProvider {
  readonly name = 'sandbox' as const;
  btcUsd = '100000';
  async fetchMarkets(): Promise<CoinMarket[]> {
    const coin = (id: CoinMarket['coin'], symbol: string, name: string, usd: string): CoinMarket => ({
      coin: id,
      symbol,
      name,
      priceUsd: usd,
      priceNgn: (Number(usd) * 1500).toFixed(2),
      change24hPct: '0.00',
      sparkline7d: [],
    });
    return [
      coin('btc', 'BTC', 'Bitcoin', this.btcUsd),
      coin('usdt', 'USDT', 'Tether', '1'),
      coin('bnb', 'BNB', 'BNB', '600'),
      coin('sol', 'SOL', 'Solana', '150'),
    ];
  }
  async fetchTrending(): Promise<TrendingCoinData[]> {
    return [];
  }
}
const markets = new ScriptedMarkets();
const settings: MarketSettings = {
  refreshIntervalMs: 60_000,
  trendingIntervalMs: 600_000,
  maxPriceAgeMs: 600_000,
  firstFetchTimeoutMs: 5_000,
};

beforeAll(async () => {
  t = await createTestApp({ clock });
  admin = await createStaff(t, { role: 'admin' });
  const market = marketDataJobs(markets, settings);
  worker = new JobWorker(t.database.db, { clock, logger: silentLogger, schedules: market.schedules });
  for (const set of [market, rateAlertJobs({ appUrl: 'http://localhost:3000' }), emailJobs(t.outbox)])
    for (const job of set.jobs) worker.register(job);
  // The first refresh, so coin prices exist before any alert is set.
  await worker.runDue();
  const viewer = await createCustomer(t);
  const detail = (await get(t.app, '/api/giftcards/amazon', viewer.cookie)).json<GiftCardDetailResponse>();
  const sub = detail.subcategories.find((s) => s.subcategory.startsWith('USA physical'));
  if (!sub) throw new Error('no Amazon USA physical sub-category in the seed');
  amazonUsa = sub;
});
afterAll(async () => {
  await t?.close();
});

/** Runs every job due now, and the jobs those enqueue, until none is left. */
async function drain(): Promise<void> {
  for (let round = 0; round < 5; round += 1) if ((await worker.runDue()).length === 0) return;
}

const setRate = async (exchangeRate: string) => {
  const response = await t.app.inject({
    method: 'PATCH',
    url: `/api/admin/giftcards/subcategories/${amazonUsa.id}`,
    payload: { exchange_rate: exchangeRate, confirm_code: admin.code() },
    headers: { cookie: admin.cookie },
  });
  expect(response.statusCode, response.body).toBe(200);
};

const createAlert = (user: TestUser, subject: string, threshold: string) =>
  post(t.app, '/api/rates/alerts', { subject, threshold_naira: threshold }, user.cookie);
const alertsOf = async (user: TestUser) => rateAlertListResponseSchema.parse((await get(t.app, '/api/rates/alerts', user.cookie)).json());
const notesOf = (user: TestUser) =>
  t.database.query<{ message: string }>('SELECT message FROM notifications WHERE user_id = $1 ORDER BY created_at', [user.id]);
const topicsOf = (user: TestUser) =>
  t.database.query<{ topic: string | null }>('SELECT topic FROM notifications WHERE user_id = $1 ORDER BY created_at', [user.id]);
const mailsTo = (user: TestUser) =>
  t.outbox.list().filter((m) => m.channel === 'email' && m.to === user.email && m.subject.startsWith('Rate alert'));

beforeEach(async () => {
  // Every test starts from the seed's rate, with no check left queued by another test.
  await setRate('1180');
  await drain();
});

describe('setting, listing and deleting alerts', () => {
  it('needs a session; lists the customer’s own alerts only, and deletes only their own', async () => {
    expect((await get(t.app, '/api/rates/alerts')).statusCode).toBe(401);
    expect((await post(t.app, '/api/rates/alerts', { subject: `giftcard:${amazonUsa.id}`, threshold_naira: '1300' })).statusCode).toBe(401);
    const ada = await createCustomer(t);
    const bola = await createCustomer(t);
    const created = await createAlert(ada, `giftcard:${amazonUsa.id}`, '1300');
    expect(created.statusCode, created.body).toBe(201);
    const alert = created.json<{ alert: RateAlert }>().alert;
    expect(alert).toMatchObject({
      subject: `giftcard:${amazonUsa.id}`,
      label: 'Amazon USA physical · $25–$100',
      currency: 'USD',
      threshold_kobo: 130_000,
      spent_at: null,
    });
    expect((await alertsOf(ada)).alerts.map((a) => a.id)).toEqual([alert.id]);
    expect((await alertsOf(bola)).alerts).toEqual([]);
    const stolen = await t.app.inject({ method: 'DELETE', url: `/api/rates/alerts/${alert.id}`, headers: { cookie: bola.cookie } });
    expect(stolen.statusCode).toBe(404);
    expect((await alertsOf(ada)).active).toBe(1);
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/rates/alerts/${alert.id}`, headers: { cookie: ada.cookie } });
    expect(deleted.json()).toEqual({ deleted: true });
    expect((await alertsOf(ada)).alerts).toEqual([]);
  });

  it('refuses bad input with a clear 4xx: no subject, an unknown sub-category, a bad amount, a threshold already met', async () => {
    const user = await createCustomer(t);
    const missing = await post(t.app, '/api/rates/alerts', { threshold_naira: '1300' }, user.cookie);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ fields: { subject: rateAlertTexts.subjectRequired } });
    const unknown = await createAlert(user, `giftcard:${randomUUID()}`, '1300');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: rateAlertErrorCodes.subjectUnavailable });
    expect((await createAlert(user, 'coin:doge', '5')).statusCode).toBe(400);
    const notNumber = await createAlert(user, 'coin:btc', 'lots');
    expect(notNumber.statusCode).toBe(400);
    expect(notNumber.json<{ fields: Record<string, string> }>().fields.threshold_naira).toBeTruthy();
    const met = await createAlert(user, `giftcard:${amazonUsa.id}`, '1100');
    expect(met.statusCode).toBe(409);
    expect(met.json()).toMatchObject({ code: rateAlertErrorCodes.alreadyMet, error: rateAlertTexts.alreadyMet('₦1,180.00/$') });
    expect((await alertsOf(user)).alerts).toEqual([]);
  });

  it(`keeps at most ${RATE_ALERTS_MAX} waiting alerts: the API says so, and the database refuses the eleventh on its own`, async () => {
    const user = await createCustomer(t);
    for (let i = 0; i < RATE_ALERTS_MAX; i += 1)
      expect((await createAlert(user, `giftcard:${amazonUsa.id}`, String(1300 + i))).statusCode).toBe(201);
    const eleventh = await createAlert(user, 'coin:btc', '999999999');
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json()).toMatchObject({ code: rateAlertErrorCodes.limitReached, error: rateAlertTexts.limitReached });
    await expect(
      t.database.query("INSERT INTO rate_alerts (user_id, coin, threshold_kobo, created_at) VALUES ($1, 'sol', 100, now())", [user.id]),
    ).rejects.toThrow(/at most 10 waiting rate alerts/);
    // Two racing inserts for the last place: one wins.
    const other = await createCustomer(t);
    for (let i = 0; i < RATE_ALERTS_MAX - 1; i += 1) await createAlert(other, `giftcard:${amazonUsa.id}`, String(1300 + i));
    const race = await Promise.all([createAlert(other, 'coin:btc', '999999998'), createAlert(other, 'coin:sol', '999999997')]);
    expect(race.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect((await alertsOf(other)).active).toBe(RATE_ALERTS_MAX);
    // Deleting a waiting alert frees its place.
    const first = (await alertsOf(user)).alerts[0]!;
    await t.app.inject({ method: 'DELETE', url: `/api/rates/alerts/${first.id}`, headers: { cookie: user.cookie } });
    expect((await createAlert(user, 'coin:btc', '999999999')).statusCode).toBe(201);
  });
});

describe('firing', () => {
  it('fires once after an admin raises the rate to the threshold: notification, push job and e-mail, then it is spent', async () => {
    const user = await createCustomer(t);
    await t.database.query('INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, created_at) VALUES ($1, $2, $3, $4, now())', [
      user.id,
      `https://push.example.com/${randomUUID()}`,
      `B${'a'.repeat(86)}`,
      'b'.repeat(22),
    ]);
    const alert = (await createAlert(user, `giftcard:${amazonUsa.id}`, '1250')).json<{ alert: RateAlert }>().alert;
    const before = (await t.database.query<{ n: number }>("SELECT count(*)::int AS n FROM jobs WHERE name = 'push.send'"))[0]!.n;

    await setRate('1240');
    await drain();
    expect((await alertsOf(user)).alerts[0]).toMatchObject({ id: alert.id, spent_at: null });
    expect(await notesOf(user)).toEqual([]);

    clock.advance(1_000);
    await setRate('1260');
    await drain();
    const [spent] = (await alertsOf(user)).alerts;
    expect(spent).toMatchObject({ id: alert.id, spent_at: clock.now().toISOString(), fired_value_kobo: 126_000 });
    const message = rateAlertTexts.fired('Amazon USA physical · $25–$100', '₦1,260.00/$', '₦1,250.00/$');
    expect((await notesOf(user)).map((n) => n.message)).toEqual([message]);
    // Its row in the list opens /rates, as its push does.
    expect(await topicsOf(user)).toEqual([{ topic: 'rates' }]);
    expect(mailsTo(user)).toHaveLength(1);
    expect(mailsTo(user)[0]?.text).toContain('http://localhost:3000/rates');
    const pushes = await t.database.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM jobs WHERE name = 'push.send' AND payload->>'url' = '/rates'",
    );
    expect(pushes[0]!.n).toBeGreaterThan(0);
    expect((await t.database.query<{ n: number }>("SELECT count(*)::int AS n FROM jobs WHERE name = 'push.send'"))[0]!.n).toBe(before + 1);

    // Higher still, then down and up again: a spent alert never fires again.
    await setRate('1300');
    await drain();
    await setRate('1200');
    await setRate('1270');
    await drain();
    expect(await notesOf(user)).toHaveLength(1);
    expect(mailsTo(user)).toHaveLength(1);
    expect((await alertsOf(user)).active).toBe(0);
  });

  it('two checks racing over one alert notify once, and the database refuses to re-arm or re-fire a spent alert', async () => {
    const user = await createCustomer(t);
    await createAlert(user, `giftcard:${amazonUsa.id}`, '1250');
    await setRate('1255');
    // A second check queued for the same change, as a retry or another instance would.
    await t.database.query('INSERT INTO jobs (name, payload, run_at, max_attempts) VALUES ($1, $2::jsonb, $3, 5)', [
      RATE_ALERTS_JOB,
      JSON.stringify({ subcategory_id: amazonUsa.id }),
      clock.now(),
    ]);
    const other = new JobWorker(t.database.db, { clock, logger: silentLogger });
    for (const job of rateAlertJobs({ appUrl: 'http://localhost:3000' }).jobs) other.register(job);
    for (const job of emailJobs(t.outbox).jobs) other.register(job);
    await Promise.all([worker.runDue(), other.runDue()]);
    await drain();
    expect(await notesOf(user)).toHaveLength(1);
    const [row] = await t.database.query<{ id: string }>('SELECT id FROM rate_alerts WHERE user_id = $1', [user.id]);
    await expect(
      t.database.query('UPDATE rate_alerts SET spent_at = NULL, fired_value_kobo = NULL WHERE id = $1', [row!.id]),
    ).rejects.toThrow(/spent rate alert never changes/);
    await expect(
      t.database.query('UPDATE rate_alerts SET spent_at = now(), fired_value_kobo = 1 WHERE id = $1', [row!.id]),
    ).rejects.toThrow(/spent rate alert never changes/);
    const waiting = (await createAlert(user, `giftcard:${amazonUsa.id}`, '1400')).json<{ alert: RateAlert }>().alert;
    await expect(t.database.query('UPDATE rate_alerts SET threshold_kobo = 1 WHERE id = $1', [waiting.id])).rejects.toThrow(
      /only changes by being spent/,
    );
  });

  it('a coin alert fires after a price refresh takes the coin to the threshold, and not before', async () => {
    const user = await createCustomer(t);
    // BTC is $100,000 × about ₦1,500 ≈ ₦150,000,000.
    const alert = (await createAlert(user, 'coin:btc', '160000000')).json<{ alert: RateAlert }>().alert;
    expect(alert).toMatchObject({ label: 'Bitcoin (BTC)', currency: null, threshold_kobo: 16_000_000_000 });

    markets.btcUsd = '105000';
    clock.advance(60_000);
    await drain();
    expect(await notesOf(user)).toEqual([]);

    markets.btcUsd = '110000';
    clock.advance(60_000);
    await drain();
    // The price the customer would be quoted: $110,000 × the naira-per-USD rate (USDT's market price and the seeded adjustments).
    const btc = (await get(t.app, '/api/rates')).json<RatesResponse>().coins.find((c) => c.id === 'btc')!;
    expect(btc.current_price_usd).toBe('110000');
    expect(btc.price_kobo).toBeGreaterThanOrEqual(16_000_000_000);
    expect((await notesOf(user)).map((n) => n.message)).toEqual([
      rateAlertTexts.fired('Bitcoin (BTC)', formatKobo(btc.price_kobo), '₦160,000,000.00'),
    ]);
    expect(mailsTo(user)).toHaveLength(1);
    expect((await alertsOf(user)).alerts[0]).toMatchObject({ id: alert.id, fired_value_kobo: btc.price_kobo });

    markets.btcUsd = '120000';
    clock.advance(60_000);
    await drain();
    expect(await notesOf(user)).toHaveLength(1);
  });
});
