import { GEM_REWARD_BY_DAY, gemErrorCodes, gemMessages, type GemCollectionResponse } from '@wise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../src/domain/gems/audit';
import { getGemBalance } from '../src/domain/gems/ledger';
import { ManualClock } from '../src/lib/clock';
import { createTestApp, get, post, type TestApp } from './support/app';
import { createCustomer, type TestUser } from './support/users';

/** Monday 2026-03-02 in Africa/Lagos (UTC+1, no DST). */
const clock = new ManualClock('2026-03-02T08:00:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(async () => {
  await t.close();
});

const collect = (user: TestUser) => post(t.app, '/api/gems/collect', undefined, user.cookie);
const status = async (user: TestUser) => {
  const response = await get(t.app, '/api/gems/collection', user.cookie);
  expect(response.statusCode).toBe(200);
  return response.json<GemCollectionResponse>();
};
const balance = async (user: TestUser) =>
  (await get(t.app, '/api/gems/balance', user.cookie)).json<{ total_points: number }>().total_points;

describe('daily collection', () => {
  it('collects today once, fills the day and then refuses with a clear 409', async () => {
    clock.set('2026-03-02T08:00:00Z'); // Monday 09:00 in Lagos
    const user = await createCustomer(t);
    const before = await status(user);
    expect(before).toMatchObject({ today: 1, collected_today: false, collection_status: {}, time_zone: 'Africa/Lagos' });
    expect(before.days.map((d) => d.amount)).toEqual([10, 10, 10, 20, 20, 20, 50]);
    expect(before.next_reset_at).toBe('2026-03-02T23:00:00.000Z'); // Tuesday 00:00 in Lagos

    const first = await collect(user);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ status: 'success', message: gemMessages.collected, day: 1, points: 10, total_points: 10 });

    const second = await collect(user);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ error: gemMessages.alreadyCollected, code: gemErrorCodes.alreadyCollected });

    const after = await status(user);
    expect(after).toMatchObject({ today: 1, collected_today: true, collection_status: { 1: 'collected' } });
    expect(after.days.filter((d) => d.collected).map((d) => d.day)).toEqual([1]);
    expect(await balance(user)).toBe(10);
    expect(await getGemBalance(t.database.db, user.id)).toBe(10);
  });

  it('gives each weekday its amount from the product rules across a whole week and resets on the next Monday', async () => {
    clock.set('2026-03-09T10:00:00Z'); // Monday
    const user = await createCustomer(t);
    let total = 0;
    for (const day of [1, 2, 3, 4, 5, 6, 7] as const) {
      const response = await collect(user);
      expect(response.statusCode).toBe(200);
      total += GEM_REWARD_BY_DAY[day];
      expect(response.json()).toMatchObject({ day, points: GEM_REWARD_BY_DAY[day], total_points: total });
      clock.advance(24 * 3600_000);
    }
    expect(total).toBe(140);
    // Now the next Monday: a fresh, empty week, and the ledger still holds every gem.
    const nextWeek = await status(user);
    expect(nextWeek).toMatchObject({ today: 1, collected_today: false, collection_status: {} });
    clock.set('2026-03-15T22:59:59Z'); // Sunday 23:59:59 in Lagos
    expect((await status(user)).collection_status).toEqual({
      1: 'collected',
      2: 'collected',
      3: 'collected',
      4: 'collected',
      5: 'collected',
      6: 'collected',
      7: 'collected',
    });
    expect(await balance(user)).toBe(140);
  });

  it('draws the midnight line in Africa/Lagos: 23:59:59 is still today, 00:00:00 is a new day', async () => {
    const user = await createCustomer(t);
    clock.set('2026-03-18T22:59:59Z'); // Wednesday 23:59:59 in Lagos (already Thursday in Asia, still Wednesday in UTC)
    const wednesday = await collect(user);
    expect(wednesday.json()).toMatchObject({ day: 3, points: 10 });
    expect((await status(user)).next_reset_at).toBe('2026-03-18T23:00:00.000Z');
    clock.set('2026-03-18T22:59:59.999Z');
    expect((await collect(user)).statusCode).toBe(409);

    clock.set('2026-03-18T23:00:00Z'); // Thursday 00:00:00 in Lagos, still Wednesday in UTC
    const thursdayStatus = await status(user);
    expect(thursdayStatus).toMatchObject({ today: 4, collected_today: false, collection_status: { 3: 'collected' } });
    const thursday = await collect(user);
    expect(thursday.statusCode).toBe(200);
    expect(thursday.json()).toMatchObject({ day: 4, points: 20, total_points: 30 });
  });

  it('uses APP_TIMEZONE, not UTC, to decide the day', async () => {
    const tokyo = await createTestApp({ clock, env: { APP_TIMEZONE: 'Asia/Tokyo' } });
    try {
      const user = await createCustomer(tokyo);
      clock.set('2026-03-22T15:30:00Z'); // Sunday in UTC and Lagos, Monday 00:30 in Tokyo
      const response = await post(tokyo.app, '/api/gems/collect', undefined, user.cookie);
      expect(response.json()).toMatchObject({ day: 1, points: 10 });
    } finally {
      await tokyo.close();
    }
  });

  it('needs a session and ignores any user id the client names', async () => {
    expect((await post(t.app, '/api/gems/collect', undefined)).statusCode).toBe(401);
    expect((await get(t.app, '/api/gems/collection')).statusCode).toBe(401);
    const user = await createCustomer(t);
    const other = await createCustomer(t);
    const forged = await post(t.app, `/api/gems/collect?user_id=${other.id}`, undefined, user.cookie);
    expect(forged.statusCode).toBe(403);
    expect(await balance(other)).toBe(0);
  });

  it('50 parallel taps credit exactly once: 49 clean refusals, no 5xx', async () => {
    clock.set('2026-03-28T11:00:00Z'); // Saturday: +20
    const user = await createCustomer(t);
    const responses = await Promise.all(Array.from({ length: 50 }, () => collect(user)));
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    for (const refused of responses.filter((r) => r.statusCode === 409)) {
      expect(refused.json()).toEqual({ error: gemMessages.alreadyCollected, code: gemErrorCodes.alreadyCollected });
    }
    expect(await balance(user)).toBe(20);
    const rows = await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM gem_collections WHERE user_id = $1', [user.id]);
    expect(rows[0]?.n).toBe(1);
    const entries = await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM gem_entries WHERE user_id = $1', [user.id]);
    expect(entries[0]?.n).toBe(1);
  });

  it('leaves the ledger balanced with every cached balance equal to its lines', async () => {
    clock.set('2026-04-05T11:00:00Z'); // Sunday: +50
    const user = await createCustomer(t);
    expect((await collect(user)).statusCode).toBe(200);
    expect((await collect(user)).statusCode).toBe(409);
    const audit = await auditLedger(t.database.db, { userIds: [user.id] });
    expect(audit).toMatchObject({
      ok: true,
      accountsChecked: 1,
      entriesChecked: 1,
      unbalancedEntries: [],
      cacheMismatches: [],
      negativeUserAccounts: [],
      grandTotal: 0,
    });
  });
});
