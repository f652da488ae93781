import type { BillPlansResponse, CoinsResponse, GiftCard, GiftCardDetailResponse } from '@wise/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueAnswer } from '../src/domain/catalogue-cache';
import type { CatalogueName } from '../src/db/schema/index';
import { ManualClock } from '../src/lib/clock';
import { createTestApp, get, type TestApp } from './support/app';
import { openCountingDatabase } from './support/db';
import { createCustomer, type TestUser } from './support/users';

/**
 * Answers every customer is given alike are kept serialized per process while their catalogue's
 * version row stands (domain/catalogue-cache.ts, migration 0015). What must hold: the database moves the
 * version on any write, whoever makes it, and a kept answer never outlives a committed change.
 */
let t: TestApp;
let c: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  c = await createCustomer(t);
});
afterAll(async () => {
  await t.close();
});

const version = async (name: CatalogueName, database = t.database) =>
  (await database.query<{ version: string }>('SELECT version::text AS version FROM catalogue_versions WHERE name = $1', [name]))[0]!
    .version;

/** The version after `sql` ran, compared with before: how many times it moved. */
async function bumps(name: CatalogueName, sql: string): Promise<number> {
  const before = BigInt(await version(name));
  await t.database.query(sql);
  return Number(BigInt(await version(name)) - before);
}

describe('the database moves a catalogue version on every write behind it', () => {
  it('gift cards and their sub-categories: insert, update, delete, once per statement however many rows', async () => {
    expect(await bumps('giftcards', 'UPDATE gift_cards SET brand_color = brand_color')).toBe(1);
    expect(await bumps('giftcards', 'UPDATE gift_card_subcategories SET exchange_rate = exchange_rate WHERE enabled')).toBe(1);
    expect(
      await bumps(
        'giftcards',
        "INSERT INTO gift_cards (slug, name, currency, brand_color) VALUES ('cache-probe', 'Cache Probe', 'USD', '#123456')",
      ),
    ).toBe(1);
    expect(await bumps('giftcards', "DELETE FROM gift_cards WHERE slug = 'cache-probe'")).toBe(1);
    // A statement that touches no row still moves it: cheaper than being clever, and never wrong.
    expect(await bumps('giftcards', "UPDATE gift_cards SET enabled = false WHERE slug = 'no-such-card'")).toBe(1);
    expect(await bumps('bill_plans', 'UPDATE gift_cards SET brand_color = brand_color')).toBe(0);
  });

  it('bill plans; coin prices on a new payload or adjustment, not on a refresh claim', async () => {
    expect(await bumps('bill_plans', 'UPDATE bill_plans SET amount = amount')).toBe(1);
    expect(await bumps('crypto_prices', 'UPDATE crypto_price_adjustments SET adjustment_ngn = adjustment_ngn')).toBe(1);
    expect(await bumps('crypto_prices', 'UPDATE market_data_cache SET fetched_at = fetched_at')).toBe(1);
    expect(await bumps('crypto_prices', 'UPDATE market_data_cache SET next_attempt_at = next_attempt_at')).toBe(0);
    expect(await bumps('giftcards', 'UPDATE bill_plans SET amount = amount')).toBe(0);
  });

  it('a write rolled back leaves the version where it was', async () => {
    const before = await version('giftcards');
    const undone = t.database.db.transaction(async (tx) => {
      await tx.execute(sql`UPDATE gift_cards SET brand_color = brand_color`);
      throw new Error('undo');
    });
    await expect(undone).rejects.toThrow('undo');
    expect(await version('giftcards')).toBe(before);
  });
});

describe('catalogueAnswer', () => {
  it('builds once while the version stands, again after a write, and keeps no failed build', async () => {
    let builds = 0;
    const build = async () => ({ n: ++builds });
    const first = await catalogueAnswer(t.database.db, 'bill_plans', 'probe', build);
    expect(await catalogueAnswer(t.database.db, 'bill_plans', 'probe', build)).toBe(first);
    expect(builds).toBe(1);
    await t.database.query('UPDATE bill_plans SET amount = amount');
    expect(await catalogueAnswer(t.database.db, 'bill_plans', 'probe', build)).toEqual({ n: 2 });

    await t.database.query('UPDATE bill_plans SET amount = amount');
    await expect(catalogueAnswer(t.database.db, 'bill_plans', 'probe', () => Promise.reject(new Error('provider down')))).rejects.toThrow(
      'provider down',
    );
    expect(await catalogueAnswer(t.database.db, 'bill_plans', 'probe', build)).toEqual({ n: 3 });
  });

  it('a slow build of an older version never replaces the answer of a newer one', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let building!: () => void;
    const built = new Promise<void>((resolve) => (building = resolve));
    const slow = catalogueAnswer(t.database.db, 'giftcards', 'race', async () => {
      building();
      await held;
      return 'old';
    });
    // The slow call builds once it has read its version: only then does the catalogue move on.
    await built;
    await t.database.query('UPDATE gift_cards SET brand_color = brand_color');
    expect(await catalogueAnswer(t.database.db, 'giftcards', 'race', async () => 'new')).toBe('new');
    release();
    expect(await slow).toBe('old');
    expect(await catalogueAnswer(t.database.db, 'giftcards', 'race', async () => 'rebuilt')).toBe('new');
  });
});

describe('the kept answers over HTTP', () => {
  it('the card list: a card disabled or renamed by SQL is gone or renamed at the very next request', async () => {
    const list = async () => {
      const response = await get(t.app, '/api/giftcards', c.cookie);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      return response.json<{ cards: GiftCard[] }>().cards;
    };
    const before = await list();
    expect(await list()).toEqual(before);
    expect(before.map((card) => card.slug)).toContain('steam');
    await t.database.query("UPDATE gift_cards SET enabled = false WHERE slug = 'steam'");
    expect((await list()).map((card) => card.slug)).not.toContain('steam');
    await t.database.query("UPDATE gift_cards SET enabled = true, name = 'Steam Wallet' WHERE slug = 'steam'");
    expect((await list()).find((card) => card.slug === 'steam')?.name).toBe('Steam Wallet');
    await t.database.query("UPDATE gift_cards SET name = 'Steam' WHERE slug = 'steam'");
  });

  it("a card's rates: a changed rate is shown at once; a disabled card answers 404, not its kept detail", async () => {
    const detail = async () => get(t.app, '/api/giftcards/amazon', c.cookie);
    const rateOf = async () => (await detail()).json<GiftCardDetailResponse>().subcategories[0]!.exchange_rate;
    expect(await rateOf()).toBe('1180.00');
    await t.database.query(
      "UPDATE gift_card_subcategories s SET exchange_rate = 1234.5 FROM gift_cards g WHERE g.id = s.gift_card_id AND g.slug = 'amazon' AND s.exchange_rate = 1180",
    );
    expect(await rateOf()).toBe('1234.50');
    await t.database.query("UPDATE gift_cards SET enabled = false WHERE slug = 'amazon'");
    expect((await detail()).statusCode).toBe(404);
    await t.database.query("UPDATE gift_cards SET enabled = true WHERE slug = 'amazon'");
    await t.database.query('UPDATE gift_card_subcategories SET exchange_rate = 1180 WHERE exchange_rate = 1234.5');
    expect(await rateOf()).toBe('1180.00');
  });

  it('plans: a changed price is shown at once, each plan set kept apart', async () => {
    const plans = async (path: string) => (await get(t.app, path, c.cookie)).json<BillPlansResponse>().plans;
    // A plan set's first read fetches it from the provider (a write): read both before measuring.
    await plans('/api/bills/data/mtn/plans');
    await plans('/api/bills/data/glo/plans');
    const mtn = await plans('/api/bills/data/mtn/plans');
    const glo = await plans('/api/bills/data/glo/plans');
    expect(mtn).not.toEqual(glo);
    const code = mtn[0]!.variation_code;
    await t.database.query("UPDATE bill_plans SET amount = amount + 7 WHERE kind = 'data' AND service = 'mtn' AND variation_code = $1", [
      code,
    ]);
    expect((await plans('/api/bills/data/mtn/plans'))[0]).toEqual({ ...mtn[0], amount: mtn[0]!.amount + 7 });
    expect(await plans('/api/bills/data/glo/plans')).toEqual(glo);
  });

  it('coins: an adjustment is priced in at once; the stale flag follows the clock, not the kept answer', async () => {
    const coins = async () => (await get(t.app, '/api/crypto/coins', c.cookie)).json<CoinsResponse>();
    const first = await coins();
    const btcRate = (r: CoinsResponse) => r.coins.find((coin) => coin.id === 'btc')!.rate_ngn_per_usd;
    await t.database.query("UPDATE crypto_price_adjustments SET adjustment_ngn = adjustment_ngn + 10 WHERE coin = 'btc'");
    expect(Number(btcRate(await coins()))).toBe(Number(btcRate(first)) + 10);
  });

  it('coins: the stale flag follows the clock, not the kept answer', async () => {
    const clock = new ManualClock(new Date());
    const app = await createTestApp({ clock });
    try {
      const customer = await createCustomer(app);
      const coins = async () => (await get(app.app, '/api/crypto/coins', customer.cookie)).json<CoinsResponse>();
      const fresh = await coins();
      expect(fresh.stale).toBe(false);
      // No write at all: the kept answer stands, yet past the maximum price age it must say stale.
      const kept = await version('crypto_prices', app.database);
      clock.advance(601_000);
      const later = await coins();
      expect(later).toEqual({ ...fresh, stale: true });
      expect(await version('crypto_prices', app.database)).toBe(kept);
    } finally {
      await app.close();
    }
  });
});

describe('two instances that hear every change (DATABASE_URL: LISTEN on wise_catalogue)', () => {
  it('serve a kept answer with no round trip; the writer sees its change at once, the other once notified', async () => {
    const one = await openCountingDatabase(t.database);
    const two = await openCountingDatabase(t.database);
    const a = await createTestApp({ database: one.database, env: { DATABASE_URL: one.url } });
    const b = await createTestApp({ database: two.database, env: { DATABASE_URL: two.url } });
    try {
      const customer = await createCustomer(a);
      const rateOn = async (app: TestApp) => {
        const response = await get(app.app, '/api/giftcards/amazon', customer.cookie);
        expect(response.statusCode).toBe(200);
        return response.json<GiftCardDetailResponse>().subcategories[0]!.exchange_rate;
      };
      const before = await rateOn(b);
      expect(await rateOn(a)).toBe(before);
      // Kept and heard: the card and the session (kept 5 s per process) cost no statement.
      await get(b.app, '/api/giftcards', customer.cookie);
      const sent = two.statements();
      for (let i = 0; i < 5; i += 1) expect(await rateOn(b)).toBe(before);
      expect((await get(b.app, '/api/giftcards', customer.cookie)).statusCode).toBe(200);
      expect(two.statements()).toBe(sent);

      const changed = (Number(before) + 11).toFixed(2);
      // Written through instance a's own pool: a serves it at its very next request.
      await one.database.query('UPDATE gift_card_subcategories SET exchange_rate = $1 WHERE exchange_rate = $2', [changed, before]);
      expect(await rateOn(a)).toBe(changed);
      await expect.poll(() => rateOn(b), { timeout: 2000, interval: 20 }).toBe(changed);

      // An operator's SQL from outside both: each hears of it.
      await t.database.query('UPDATE gift_card_subcategories SET exchange_rate = $1 WHERE exchange_rate = $2', [before, changed]);
      await expect.poll(() => rateOn(a), { timeout: 2000, interval: 20 }).toBe(before);
      await expect.poll(() => rateOn(b), { timeout: 2000, interval: 20 }).toBe(before);
    } finally {
      await a.close();
      await b.close();
      await one.database.close();
      await two.database.close();
    }
  });
});
