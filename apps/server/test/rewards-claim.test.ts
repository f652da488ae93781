import { randomUUID } from 'node:crypto';
import { gemErrorCodes, rewardMessages, type RewardClaimResponse, type RewardsHistoryResponse } from '@wise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../src/domain/gems/audit';
import { getGemBalance } from '../src/domain/gems/ledger';
import { accrueReward, accrueSaleReward, rewardGemsForSale } from '../src/domain/rewards/rewards';
import { ManualClock } from '../src/lib/clock';
import { createTestApp, get, post, type TestApp } from './support/app';
import { createCustomer, type TestUser } from './support/users';
import { PRODUCTION_TEST_ENV } from './support/production-env';

const clock = new ManualClock('2026-07-06T09:00:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => {
  await t.close();
});

const accrue = (user: TestUser, amount: number, description = 'Reward for your gift card sale', source = `sale:${randomUUID()}`) =>
  accrueReward(t.database.db, clock, { userId: user.id, source, amount, description });
const claim = (user: TestUser) => post(t.app, '/api/rewards/claim', undefined, user.cookie);
const total = async (user: TestUser) =>
  (await get(t.app, '/api/rewards/total', user.cookie)).json<{ total_rewards: number; claimable: number }>();
const history = async (user: TestUser) => (await get(t.app, '/api/rewards/history', user.cookie)).json<RewardsHistoryResponse>().rewards;

describe('rewards', () => {
  it('starts empty: nothing claimed, nothing claimable, an empty history', async () => {
    const user = await createCustomer(t);
    expect(await total(user)).toEqual({ total_rewards: 0, claimable: 0 });
    expect(await history(user)).toEqual([]);
  });

  it('claiming with nothing claimable is a 409 with a clear message and moves nothing', async () => {
    const user = await createCustomer(t);
    const response = await claim(user);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: rewardMessages.nothingToClaim, code: gemErrorCodes.nothingToClaim });
    expect(await getGemBalance(t.database.db, user.id)).toBe(0);
  });

  it('moves every claimable reward into the balance as one claim, then shows it in the history', async () => {
    const user = await createCustomer(t);
    await accrue(user, 12, 'Reward for your Amazon gift card sale');
    clock.advance(60_000);
    await accrue(user, 30, 'Reward for your BTC sale');
    expect(await total(user)).toEqual({ total_rewards: 0, claimable: 42 });
    expect(await getGemBalance(t.database.db, user.id)).toBe(0); // accrued is not yet spendable

    clock.advance(60_000);
    const response = await claim(user);
    expect(response.statusCode).toBe(200);
    const body = response.json<RewardClaimResponse>();
    expect(body).toMatchObject({ status: 'success', message: rewardMessages.claimed, total_points: 42 });
    expect(body.claim).toMatchObject({ points: 42, reward: 'Rewards from 2 approved sales', created_at: '2026-07-06T09:02:00.000Z' });
    expect(await total(user)).toEqual({ total_rewards: 42, claimable: 0 });
    expect((await get(t.app, '/api/gems/balance', user.cookie)).json()).toEqual({ total_points: 42 });

    // Claiming again right away: nothing left.
    expect((await claim(user)).statusCode).toBe(409);

    // A later single-reward claim keeps that reward's own description; history is newest first.
    clock.advance(3600_000);
    await accrue(user, 5, 'Reward for your USDT sale');
    clock.advance(60_000);
    const second = (await claim(user)).json<RewardClaimResponse>();
    expect(second.claim).toMatchObject({ points: 5, reward: 'Reward for your USDT sale' });
    const entries = await history(user);
    expect(entries.map((e) => [e.points, e.reward])).toEqual([
      [5, 'Reward for your USDT sale'],
      [42, 'Rewards from 2 approved sales'],
    ]);
    expect(entries[0]).toEqual(second.claim);
    expect(await total(user)).toEqual({ total_rewards: 47, claimable: 0 });
    expect(await getGemBalance(t.database.db, user.id)).toBe(47);
  });

  it('accrues one reward per source however often the approval is retried', async () => {
    const user = await createCustomer(t);
    const source = `sale:${randomUUID()}`;
    expect((await accrue(user, 9, 'Reward', source)).created).toBe(true);
    expect((await accrue(user, 9, 'Reward', source)).created).toBe(false);
    expect(await total(user)).toEqual({ total_rewards: 0, claimable: 9 });
  });

  it('two claims at once: one claims everything, the other finds nothing, no gem twice', async () => {
    const user = await createCustomer(t);
    await accrue(user, 25);
    const responses = await Promise.all(Array.from({ length: 8 }, () => claim(user)));
    const codes = responses.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    expect(await getGemBalance(t.database.db, user.id)).toBe(25);
    expect(await history(user)).toHaveLength(1);
  });

  it("only ever touches the session's own rewards", async () => {
    const owner = await createCustomer(t);
    const intruder = await createCustomer(t);
    await accrue(owner, 10);
    expect((await post(t.app, `/api/rewards/claim?user_id=${owner.id}`, undefined, intruder.cookie)).statusCode).toBe(403);
    expect((await claim(intruder)).statusCode).toBe(409);
    expect(await total(owner)).toEqual({ total_rewards: 0, claimable: 10 });
    expect((await post(t.app, '/api/rewards/claim', undefined)).statusCode).toBe(401);
    expect((await get(t.app, '/api/rewards/history')).statusCode).toBe(401);
    expect((await get(t.app, '/api/rewards/total')).statusCode).toBe(401);
  });

  it('no route mints gems: the old dev seeding route is gone in development too', async () => {
    const user = await createCustomer(t);
    const response = await post(t.app, '/api/dev/rewards/accrue', { points: 15, reward: 'Reward for an approved sale' }, user.cookie);
    expect(response.statusCode).toBe(404);
    expect(await total(user)).toEqual({ total_rewards: 0, claimable: 0 });
  });

  it("computes sale rewards in whole gems per whole ₦1,000 at the level's rate, rounded down", () => {
    expect(rewardGemsForSale(0, 1)).toBe(0);
    expect(rewardGemsForSale(99_999, 1)).toBe(0); // ₦999.99
    expect(rewardGemsForSale(100_000, 1)).toBe(1); // ₦1,000
    expect(rewardGemsForSale(56_544_000, 1)).toBe(565); // ₦565,440
    expect(rewardGemsForSale(250_000, 3)).toBe(6);
    expect(() => rewardGemsForSale(1.5, 1)).toThrow(RangeError);
    expect(() => rewardGemsForSale(-1, 1)).toThrow(RangeError);
  });

  it('an approved sale accrues its reward once; a sale under ₦1,000 accrues nothing', async () => {
    const user = await createCustomer(t);
    const saleId = randomUUID();
    const sale = {
      userId: user.id,
      saleId,
      amountKobo: 12_345_600,
      gemsPer1000Naira: 1,
      description: 'Reward for your Amazon gift card sale',
    }; // ₦123,456
    expect(await accrueSaleReward(t.database.db, clock, sale)).toMatchObject({ amount: 123, created: true });
    expect(await accrueSaleReward(t.database.db, clock, sale)).toMatchObject({ amount: 123, created: false });
    expect(await accrueSaleReward(t.database.db, clock, { ...sale, saleId: randomUUID(), amountKobo: 99_999 })).toBeUndefined();
    expect(await total(user)).toEqual({ total_rewards: 0, claimable: 123 });
    const claimed = (await claim(user)).json<RewardClaimResponse>();
    expect(claimed.claim).toMatchObject({ points: 123, reward: 'Reward for your Amazon gift card sale' });
  });

  it('leaves the journal balanced', async () => {
    const user = await createCustomer(t);
    await accrue(user, 8);
    await accrue(user, 4);
    expect((await claim(user)).statusCode).toBe(200);
    expect((await claim(user)).statusCode).toBe(409);
    const audit = await auditLedger(t.database.db, { userIds: [user.id] });
    expect(audit).toMatchObject({
      ok: true,
      entriesChecked: 3,
      accountsChecked: 2,
      unbalancedEntries: [],
      cacheMismatches: [],
      negativeUserAccounts: [],
      grandTotal: 0,
    });
  });
});

describe('rewards seeding in production', () => {
  it('does not exist', async () => {
    const prod = await createTestApp({
      clock,
      env: { ...PRODUCTION_TEST_ENV },
    });
    try {
      const response = await post(prod.app, '/api/dev/rewards/accrue', { points: 5 });
      expect(response.statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
