import { randomUUID } from 'node:crypto';
import { gemErrorCodes, gemMessages } from '@wise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureGemHold, findHoldByReference, getHeldGems, placeGemHold, releaseGemHold } from '../src/domain/gems/holds';
import { auditLedger } from '../src/domain/gems/audit';
import { derivedBalance, getGemBalance, systemAccountId } from '../src/domain/gems/ledger';
import { DomainError } from '../src/domain/errors';
import { accrueReward, claimRewards } from '../src/domain/rewards/rewards';
import { ManualClock } from '../src/lib/clock';
import { createTestApp, get, type TestApp } from './support/app';
import { createCustomer } from './support/users';

const clock = new ManualClock('2026-06-01T09:00:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => {
  await t.close();
});

/** A customer holding `gems` spendable gems, credited the way real gems arrive (a claimed reward). */
async function customerWith(gems: number) {
  const user = await createCustomer(t);
  await accrueReward(t.database.db, clock, { userId: user.id, source: `seed:${randomUUID()}`, amount: gems, description: 'Seed' });
  await claimRewards(t.database.db, clock, user.id);
  expect(await getGemBalance(t.database.db, user.id)).toBe(gems);
  return user;
}

describe('holds', () => {
  it('reserve gems at once, then capture spends them', async () => {
    const user = await customerWith(100);
    const hold = await placeGemHold(t.database.db, clock, { userId: user.id, amount: 60, reference: `bill:${randomUUID()}` });
    expect(hold).toMatchObject({ status: 'pending', amount: 60 });
    expect(await getGemBalance(t.database.db, user.id)).toBe(40);
    expect(await getHeldGems(t.database.db, user.id)).toBe(60);
    // The balance every screen shows is the spendable one.
    expect((await get(t.app, '/api/gems/balance', user.cookie)).json()).toEqual({ total_points: 40 });

    const captured = await captureGemHold(t.database.db, clock, hold.id);
    expect(captured.status).toBe('captured');
    expect(await getGemBalance(t.database.db, user.id)).toBe(40);
    expect(await getHeldGems(t.database.db, user.id)).toBe(0);
    // Capturing again is a harmless retry; releasing a captured hold is refused.
    expect((await captureGemHold(t.database.db, clock, hold.id)).status).toBe('captured');
    await expect(releaseGemHold(t.database.db, clock, hold.id)).rejects.toMatchObject({ code: gemErrorCodes.holdSettled, status: 409 });
    expect(await getGemBalance(t.database.db, user.id)).toBe(40);
  });

  it('release gives the gems back, once', async () => {
    const user = await customerWith(50);
    const hold = await placeGemHold(t.database.db, clock, { userId: user.id, amount: 50, reference: `bill:${randomUUID()}` });
    expect(await getGemBalance(t.database.db, user.id)).toBe(0);
    await releaseGemHold(t.database.db, clock, hold.id);
    await releaseGemHold(t.database.db, clock, hold.id);
    expect(await getGemBalance(t.database.db, user.id)).toBe(50);
    await expect(captureGemHold(t.database.db, clock, hold.id)).rejects.toMatchObject({ code: gemErrorCodes.holdSettled });
  });

  it('refuses a hold beyond the balance with "Insufficient balance" and moves nothing', async () => {
    const user = await customerWith(30);
    const attempt = placeGemHold(t.database.db, clock, { userId: user.id, amount: 31, reference: `bill:${randomUUID()}` });
    await expect(attempt).rejects.toBeInstanceOf(DomainError);
    await expect(attempt).rejects.toMatchObject({ code: gemErrorCodes.insufficient, message: gemMessages.insufficient, status: 409 });
    expect(await getGemBalance(t.database.db, user.id)).toBe(30);
  });

  it('a customer with no gem account yet cannot hold anything', async () => {
    const user = await createCustomer(t);
    await expect(
      placeGemHold(t.database.db, clock, { userId: user.id, amount: 1, reference: `bill:${randomUUID()}` }),
    ).rejects.toMatchObject({
      code: gemErrorCodes.insufficient,
    });
  });

  it('is idempotent by reference: placing the same hold twice takes the gems once', async () => {
    const user = await customerWith(100);
    const reference = `bill:${randomUUID()}`;
    const first = await placeGemHold(t.database.db, clock, { userId: user.id, amount: 70, reference });
    const second = await placeGemHold(t.database.db, clock, { userId: user.id, amount: 70, reference });
    expect(second.id).toBe(first.id);
    expect(await getGemBalance(t.database.db, user.id)).toBe(30);
    await expect(placeGemHold(t.database.db, clock, { userId: user.id, amount: 10, reference })).rejects.toMatchObject({
      code: gemErrorCodes.idempotencyMismatch,
    });
    expect((await findHoldByReference(t.database.db, reference))?.amount).toBe(70);
  });

  it('refuses amounts that are not whole positive gems', async () => {
    const user = await customerWith(10);
    for (const amount of [0, -5, 1.5, Number.NaN, 2 ** 60]) {
      await expect(placeGemHold(t.database.db, clock, { userId: user.id, amount, reference: `bill:${randomUUID()}` })).rejects.toThrow(
        RangeError,
      );
    }
    expect(await getGemBalance(t.database.db, user.id)).toBe(10);
  });

  it('an unknown hold is a 404', async () => {
    await expect(captureGemHold(t.database.db, clock, randomUUID())).rejects.toMatchObject({
      code: gemErrorCodes.holdNotFound,
      status: 404,
    });
  });

  it('20 parallel spends worth more than the balance never take it below zero', async () => {
    const user = await customerWith(100);
    const amounts = Array.from({ length: 20 }, (_, i) => 7 + (i % 5)); // 7..11, sum 180 > 100
    expect(amounts.reduce((a, b) => a + b, 0)).toBeGreaterThan(100);
    const results = await Promise.allSettled(
      amounts.map(async (amount) => {
        const hold = await placeGemHold(t.database.db, clock, { userId: user.id, amount, reference: `bill:${randomUUID()}` });
        return captureGemHold(t.database.db, clock, hold.id);
      }),
    );
    const spent = results
      .filter((r) => r.status === 'fulfilled')
      .map((r) => (r as PromiseFulfilledResult<{ amount: number }>).value.amount);
    const refused = results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason as unknown);
    for (const reason of refused) expect(reason).toMatchObject({ code: gemErrorCodes.insufficient });
    const total = spent.reduce((a, b) => a + b, 0);
    expect(total).toBeLessThanOrEqual(100);
    expect(total).toBeGreaterThan(100 - 11); // it stops only when the next spend would not fit
    const balance = await getGemBalance(t.database.db, user.id);
    expect(balance).toBe(100 - total);
    expect(balance).toBeGreaterThanOrEqual(0);
    expect(spent.length + refused.length).toBe(20);
  });

  it('leaves the journal balanced and the holds account equal to the pending holds', async () => {
    const user = await customerWith(90);
    const captured = await placeGemHold(t.database.db, clock, { userId: user.id, amount: 30, reference: `bill:${randomUUID()}` });
    const released = await placeGemHold(t.database.db, clock, { userId: user.id, amount: 20, reference: `bill:${randomUUID()}` });
    await placeGemHold(t.database.db, clock, { userId: user.id, amount: 10, reference: `bill:${randomUUID()}` });
    await captureGemHold(t.database.db, clock, captured.id);
    await releaseGemHold(t.database.db, clock, released.id);
    const audit = await auditLedger(t.database.db, { userIds: [user.id] });
    // accrual, claim, 3 holds, capture, release; the available and rewards accounts.
    expect(audit).toMatchObject({
      ok: true,
      entriesChecked: 7,
      accountsChecked: 2,
      unbalancedEntries: [],
      cacheMismatches: [],
      negativeUserAccounts: [],
      grandTotal: 0,
    });
    expect(await getGemBalance(t.database.db, user.id)).toBe(50);
    const [pending] = await t.database.query<{ total: number }>(
      `SELECT coalesce(sum(amount), 0)::int AS total FROM gem_holds WHERE status = 'pending'`,
    );
    expect(await derivedBalance(t.database.db, await systemAccountId(t.database.db, 'holds'))).toBe(pending!.total);
  });
});
