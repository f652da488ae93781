import { randomUUID } from 'node:crypto';
import type { GemMovement, GemStatementResponse } from '@wise/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getGemBalance } from '../src/domain/gems/ledger';
import { accrueReward, claimRewards, clawBackSaleRewards } from '../src/domain/rewards/rewards';
import { ManualClock } from '../src/lib/clock';
import { get, post } from './support/app';
import {
  airtimeBody,
  authorise,
  customerWithGems,
  newOrder,
  resetFakes,
  startBillsHarness,
  type BillsHarness,
} from './support/bill-orders';
import type { TestUser } from './support/users';

// A Wednesday morning in Lagos: day 3 of the gem week.
const clock = new ManualClock('2026-06-03T08:00:00Z');
let h: BillsHarness;

beforeAll(async () => {
  h = await startBillsHarness(clock);
});
afterAll(async () => {
  await h.close();
});
beforeEach(() => resetFakes(h));

const step = () => clock.advance(60_000);

async function statementPage(user: TestUser, query = ''): Promise<GemStatementResponse> {
  const response = await get(h.t.app, `/api/gems/statement${query}`, user.cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<GemStatementResponse>();
}

/** Every page, following next_cursor to the end. */
async function wholeStatement(user: TestUser, limit: number): Promise<GemMovement[]> {
  const all: GemMovement[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 100; pages += 1) {
    const page = await statementPage(user, `?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    all.push(...page.movements);
    cursor = page.next_cursor;
    if (!cursor) return all;
  }
  throw new Error('the statement never ended');
}

/** Each row's balance is the one below it plus its own change, and the top one is the balance now. */
async function expectRunningBalance(user: TestUser, rows: GemMovement[]) {
  expect(rows[0]?.balance).toBe(await getGemBalance(h.t.database.db, user.id));
  for (let i = 0; i + 1 < rows.length; i += 1) expect(rows[i]!.balance, `row ${i}`).toBe(rows[i + 1]!.balance + rows[i]!.amount);
  expect(rows.at(-1)!.balance - rows.at(-1)!.amount).toBe(0);
}

describe('GET /api/gems/statement', () => {
  it('lists every kind of movement, newest first, with its sign, balance and transaction', async () => {
    const user = await customerWithGems(h, 0);
    const db = h.t.database.db;
    const saleId = randomUUID();

    step();
    const collected = await post(h.t.app, '/api/gems/collect', {}, user.cookie);
    expect(collected.statusCode, collected.body).toBe(200);
    const daily = collected.json<{ points: number }>().points;
    step();
    await accrueReward(db, clock, {
      userId: user.id,
      source: `sale:${saleId}`,
      amount: 600,
      description: 'Reward for your Amazon gift card sale',
    });
    step();
    await claimRewards(db, clock, user.id);
    step();
    const otherSale = randomUUID();
    await accrueReward(db, clock, {
      userId: user.id,
      source: `sale:${otherSale}`,
      amount: 7,
      description: 'Reward for your Steam gift card sale',
    });
    step();
    await clawBackSaleRewards(db, clock, { userId: user.id, saleId: otherSale, reason: 'The bank reversed the payout' });
    step();
    const paid = await newOrder(h, user, airtimeBody({ amount: 500 }));
    expect((await authorise(h, user, paid.id)).statusCode).toBe(200);
    step();
    h.airtime.script.push('decline');
    const refused = await newOrder(h, user, airtimeBody({ amount: 100, phone: '08039876543' }));
    await authorise(h, user, refused.id);

    const { movements, next_cursor } = await statementPage(user);
    expect(next_cursor).toBeNull();
    const shape = movements.map((m) => [m.kind, m.title, m.amount, m.gems, m.transaction_id]);
    expect(shape).toEqual([
      ['hold_release', 'Released', 100, 100, refused.id],
      ['hold', 'Held for airtime', -100, 100, refused.id],
      ['hold_capture', 'Spent on airtime', 0, 500, paid.id],
      ['hold', 'Held for airtime', -500, 500, paid.id],
      ['reward_clawback', 'Reward taken back', 0, 7, otherSale],
      ['reward_accrual', 'Reward earned', 0, 7, otherSale],
      ['reward_claim', 'Reward claimed', 600, 600, null],
      ['reward_accrual', 'Reward earned', 0, 600, saleId],
      ['daily_collection', 'Daily collection', daily, daily, null],
    ]);
    expect(movements.map((m) => m.balance)).toEqual([
      daily + 100,
      daily,
      daily + 100,
      daily + 100,
      daily + 600,
      daily + 600,
      daily + 600,
      daily,
      daily,
    ]);
    await expectRunningBalance(user, movements);
    // What each was about: the bill it paid for, the sale that earned the reward.
    expect(movements[0]?.detail).toBe('MTN airtime · +234 803 987 6543');
    expect(movements[2]?.detail).toBe('MTN airtime · +234 803 123 4567 · Paid from held gems');
    expect(movements[7]?.detail).toBe('Reward for your Amazon gift card sale · Added to Rewards, ready to collect');
    expect(movements[8]?.detail).toBeNull();
    // Newest first: the hold and its capture, written at one instant, in the order they happened.
    const times = movements.map((m) => Date.parse(m.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(movements[2]?.created_at).toBe(movements[3]?.created_at);
  });

  it('pages by cursor with no gap and no repeat, the running balance carried across pages', async () => {
    const user = await customerWithGems(h, 0);
    for (let i = 0; i < 13; i += 1) {
      step();
      await accrueReward(h.t.database.db, clock, { userId: user.id, source: `seed:${randomUUID()}`, amount: i + 1, description: 'Seed' });
      await claimRewards(h.t.database.db, clock, user.id);
    }
    const whole = await wholeStatement(user, 50);
    expect(whole).toHaveLength(26);
    for (const limit of [1, 4, 5, 25]) {
      const paged = await wholeStatement(user, limit);
      expect(paged.map((m) => m.id)).toEqual(whole.map((m) => m.id));
      expect(paged.map((m) => m.balance)).toEqual(whole.map((m) => m.balance));
    }
    await expectRunningBalance(user, whole);

    // A movement arriving while the customer reads does not shift the next page.
    const first = await statementPage(user, '?limit=4');
    step();
    await accrueReward(h.t.database.db, clock, { userId: user.id, source: `seed:${randomUUID()}`, amount: 9, description: 'Seed' });
    const second = await statementPage(user, `?limit=4&cursor=${first.next_cursor}`);
    expect(second.movements.map((m) => m.id)).toEqual(whole.slice(4, 8).map((m) => m.id));
    expect(second.movements.map((m) => m.balance)).toEqual(whole.slice(4, 8).map((m) => m.balance));
  });

  it("never shows another customer's movements, nor accepts their cursor", async () => {
    const ada = await customerWithGems(h, 300);
    const bayo = await customerWithGems(h, 0);
    for (let i = 0; i < 3; i += 1) {
      step();
      await accrueReward(h.t.database.db, clock, { userId: ada.id, source: `seed:${randomUUID()}`, amount: 5, description: 'Seed' });
    }
    expect((await statementPage(bayo)).movements).toEqual([]);
    const adas = await statementPage(ada, '?limit=2');
    const adaIds = new Set((await wholeStatement(ada, 50)).map((m) => m.id));
    const [adaEntries] = await h.t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM gem_entries WHERE user_id = $1', [ada.id]);
    expect(adaIds.size).toBe(adaEntries?.n);
    // A cursor is bound to its customer: Bayo cannot read Ada's pages with it.
    const stolen = await get(h.t.app, `/api/gems/statement?cursor=${adas.next_cursor}`, bayo.cookie);
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json()).toMatchObject({ fields: { cursor: 'Invalid entry' } });
  });

  it('refuses a tampered or malformed cursor and an out-of-range limit with a field error', async () => {
    const user = await customerWithGems(h, 0);
    for (let i = 0; i < 3; i += 1) {
      step();
      await accrueReward(h.t.database.db, clock, { userId: user.id, source: `seed:${randomUUID()}`, amount: 5, description: 'Seed' });
    }
    const page = await statementPage(user, '?limit=1');
    const [seq, , mac] = Buffer.from(page.next_cursor!, 'base64url').toString('utf8').split('|');
    const richer = Buffer.from(`${seq}|999999|${mac}`, 'utf8').toString('base64url');
    for (const query of [`?cursor=${richer}`, '?cursor=bm90LWEtY3Vyc29y', '?cursor=%25%25', '?limit=0', '?limit=51', '?limit=abc']) {
      const response = await get(h.t.app, `/api/gems/statement${query}`, user.cookie);
      expect(response.statusCode, query).toBe(400);
    }
    expect((await get(h.t.app, '/api/gems/statement', undefined)).statusCode).toBe(401);
  });
});
