import { rewardLevelResponseSchema, type RewardLevelResponse } from '@wise/shared';
import { adminRewardLevelsSchema, type UpdateRewardLevelsInput } from '@wise/shared/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { getCustomerRewardLevel, levelFor, listRewardLevels, paidVolumeKobo, updateRewardLevels } from '../src/domain/rewards/levels';
import { getClaimableRewards } from '../src/domain/rewards/rewards';
import type { StaffPrincipal } from '../src/domain/staff/principal';
import { ManualClock } from '../src/lib/clock';
import { get, type TestApp } from './support/app';
import type { FakePaystack } from './support/fake-paystack';
import { startPaystackBed, type PaystackBed } from './support/paystack-bed';
import { approveSale } from './support/payouts';
import { addBankDetails, sellGiftCard } from './support/sales';
import { createStaff, staffCode, type TestStaff } from './support/staff';
import { setKycTier } from './support/tiers';
import { createCustomer, type TestUser } from './support/users';

/**
 * Reward levels (docs/features.md, "Reward levels"): the rate of a paid sale follows the customer's paid
 * volume over the 30 days before it; admins edit the levels with the authenticator code, audited;
 * the database refuses a set of levels that is not coherent. PostgreSQL, real Paystack client
 * against the local fake.
 */

const NAIRA = 100;
const clock = new ManualClock('2026-07-01T09:00:00Z');
let fake: FakePaystack;
let t: TestApp;
let worker: PaystackBed['worker'];
let reviewer: StaffPrincipal;
let admin: StaffPrincipal;
let staffAdmin: TestStaff;
let staffReviewer: TestStaff;

const DEFAULTS: UpdateRewardLevelsInput['levels'] = [
  { name: 'Bronze', min_volume_naira: 0, gems_per_1000_naira: 1 },
  { name: 'Silver', min_volume_naira: 500_000, gems_per_1000_naira: 2 },
  { name: 'Gold', min_volume_naira: 2_000_000, gems_per_1000_naira: 4 },
  { name: 'Platinum', min_volume_naira: 5_000_000, gems_per_1000_naira: 7 },
  { name: 'Diamond', min_volume_naira: 10_000_000, gems_per_1000_naira: 10 },
];

beforeAll(async () => {
  ({ fake, t, worker, reviewer, admin } = await startPaystackBed(clock));
  staffAdmin = await createStaff(t, { role: 'admin' });
  staffReviewer = await createStaff(t, { role: 'reviewer' });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

let seed = 0;
async function seller(): Promise<TestUser> {
  const user = await createCustomer(t);
  await addBankDetails(t, user);
  // Tier 2 so the daily payout limit never stands in the way of the volumes these tests need.
  await setKycTier(t.database, user.id, 2);
  return user;
}

/** Sells, approves and pays one ₦59,000 card ($50 at ₦1,180); returns the paid amount. */
async function paidSale(user: TestUser): Promise<{ saleId: string; valueKobo: number }> {
  seed += 1;
  const sale = await sellGiftCard(t, user, { seed });
  await approveSale(t.database, clock, sale.id, reviewer.id);
  await worker.runDue();
  const [row] = await t.database.query<{ status: string; v: string }>('SELECT status, value_kobo::text AS v FROM sales WHERE id = $1', [
    sale.id,
  ]);
  expect(row?.status).toBe('paid');
  return { saleId: sale.id, valueKobo: Number(row!.v) };
}

const rewardOf = async (saleId: string) =>
  (await t.database.query<{ amount: number }>('SELECT amount::int AS amount FROM gem_rewards WHERE source = $1', [`sale:${saleId}`]))[0]
    ?.amount;

const levelOf = async (user: TestUser): Promise<RewardLevelResponse> => {
  const response = await get(t.app, '/api/rewards/level', user.cookie);
  expect(response.statusCode).toBe(200);
  return rewardLevelResponseSchema.parse(response.json());
};

const putLevels = (staff: TestStaff, body: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/admin/reward-levels',
    payload: body as Record<string, unknown>,
    headers: { cookie: staff.cookie },
  });

/** Runs `statements` in one transaction as the admin would write them; resolves to the error, if any. */
async function writeLevels(database: Database, statements: string[]): Promise<string | undefined> {
  try {
    await database.query(`BEGIN; ${statements.join('; ')}; COMMIT`);
    return undefined;
  } catch (error) {
    await database.query('ROLLBACK').catch(() => undefined);
    return error instanceof Error ? error.message : String(error);
  }
}

describe('the levels and their boundaries', () => {
  it('ships five levels from ₦0 at the earlier flat rate to ₦10m at 10 gems per ₦1,000', async () => {
    expect(await listRewardLevels(t.database.db)).toEqual(
      DEFAULTS.map((l) => ({ name: l.name, minVolumeKobo: l.min_volume_naira * NAIRA, gemsPer1000Naira: l.gems_per_1000_naira })),
    );
  });

  it('puts a volume in the highest level whose minimum it reaches, and says what reaches the next', async () => {
    const levels = await listRewardLevels(t.database.db);
    expect(levelFor(levels, 0)).toMatchObject({ level: { name: 'Bronze' }, next: { name: 'Silver' }, remainingKobo: 500_000 * NAIRA });
    expect(levelFor(levels, 500_000 * NAIRA - 1)).toMatchObject({ level: { name: 'Bronze' }, remainingKobo: 1 });
    expect(levelFor(levels, 500_000 * NAIRA)).toMatchObject({
      level: { name: 'Silver' },
      next: { name: 'Gold' },
      remainingKobo: 1_500_000 * NAIRA,
    });
    expect(levelFor(levels, 9_999_999 * NAIRA)).toMatchObject({ level: { name: 'Platinum' }, next: { name: 'Diamond' } });
    const top = levelFor(levels, 10_000_000 * NAIRA);
    expect(top).toMatchObject({ level: { name: 'Diamond', gemsPer1000Naira: 10 }, remainingKobo: 0 });
    expect(top.next).toBeUndefined();
  });
});

describe('the database refuses levels that are not coherent', () => {
  const insert = (name: string, volumeKobo: number, rate: number, by = admin.id) =>
    `INSERT INTO reward_levels (name, min_volume_kobo, gems_per_1000_naira, updated_by, updated_at) VALUES ('${name}', ${volumeKobo}, ${rate}, '${by}', now())`;

  it('refuses a bad name, a negative volume, a rate out of bounds and duplicates', async () => {
    expect(await writeLevels(t.database, [insert('', 1, 20)])).toMatch(/reward_levels_name_check|check constraint/);
    expect(await writeLevels(t.database, [insert('Onyx', -1, 20)])).toMatch(/check constraint/);
    expect(await writeLevels(t.database, [insert('Onyx', 20_000_000_000, 0)])).toMatch(/check constraint/);
    expect(await writeLevels(t.database, [insert('Onyx', 20_000_000_000, 101)])).toMatch(/check constraint/);
    expect(await writeLevels(t.database, [insert('Gold', 20_000_000_000, 20)])).toMatch(/reward_levels_name_unique/);
    expect(await writeLevels(t.database, [insert('Onyx', 0, 1)])).toMatch(/reward_levels_volume_unique/);
  });

  it('refuses, at commit, a set without a level at ₦0 or whose rate falls as the volume rises', async () => {
    expect(await writeLevels(t.database, ['DELETE FROM reward_levels WHERE min_volume_kobo = 0'])).toMatch(/one level at volume 0/);
    expect(await writeLevels(t.database, [insert('Onyx', 20_000_000_000, 9)])).toMatch(/earns less than a level below it/);
    expect(
      await writeLevels(t.database, [`UPDATE reward_levels SET gems_per_1000_naira = 3, updated_by = '${admin.id}' WHERE name = 'Silver'`]),
    ).toBeUndefined();
    expect(
      await writeLevels(t.database, [`UPDATE reward_levels SET gems_per_1000_naira = 5, updated_by = '${admin.id}' WHERE name = 'Silver'`]),
    ).toMatch(/earns less than a level below it/);
    // Replacing every level in one transaction is fine while the end result holds.
    expect(await writeLevels(t.database, ['DELETE FROM reward_levels', insert('Only', 0, 2)])).toBeUndefined();
    await updateRewardLevels(t.database.db, clock, { staff: admin }, { levels: DEFAULTS, note: 'Back to the defaults' });
    expect((await listRewardLevels(t.database.db)).map((l) => l.gemsPer1000Naira)).toEqual([1, 2, 4, 7, 10]);
  });

  it('refuses a level written by anyone but an admin', async () => {
    expect(await writeLevels(t.database, [insert('Onyx', 20_000_000_000, 20, reviewer.id)])).toMatch(
      /only an admin changes the reward levels/,
    );
  });
});

describe('an admin edits the levels', () => {
  const body = (staff: TestStaff, extra: Record<string, unknown> = {}) => ({
    levels: DEFAULTS.map((l) => (l.name === 'Silver' ? { ...l, gems_per_1000_naira: 3 } : l)),
    note: 'Silver earns more this quarter',
    confirm_code: staffCode(t, staff.secret),
    ...extra,
  });

  it('with the authenticator code and a note, audited; refused without the code, to a reviewer, or incoherent', async () => {
    expect((await putLevels(staffAdmin, body(staffAdmin, { confirm_code: '000000' }))).statusCode).toBe(403);
    expect((await putLevels(staffAdmin, { ...body(staffAdmin), confirm_code: undefined })).statusCode).toBe(400);
    expect((await putLevels(staffAdmin, body(staffAdmin, { note: ' ' }))).statusCode).toBe(400);
    expect((await putLevels(staffReviewer, body(staffReviewer))).statusCode).toBe(403);
    const falling = DEFAULTS.map((l) => (l.name === 'Gold' ? { ...l, gems_per_1000_naira: 1 } : l));
    expect((await putLevels(staffAdmin, body(staffAdmin, { levels: falling }))).statusCode).toBe(400);
    const noBase = DEFAULTS.slice(1);
    expect((await putLevels(staffAdmin, body(staffAdmin, { levels: noBase }))).statusCode).toBe(400);
    expect((await listRewardLevels(t.database.db)).map((l) => l.gemsPer1000Naira)).toEqual([1, 2, 4, 7, 10]);

    const saved = await putLevels(staffAdmin, body(staffAdmin));
    expect(saved.statusCode).toBe(200);
    expect(adminRewardLevelsSchema.parse(saved.json()).levels.map((l) => l.gems_per_1000_naira)).toEqual([1, 3, 4, 7, 10]);
    const audit = await t.database.query<{
      staff_id: string;
      note: string;
      before: { levels: unknown[] };
      after: { levels: { gems_per_1000_naira: number }[] };
    }>("SELECT staff_id, note, before, after FROM staff_audit_log WHERE action = 'rewards.levels_update' AND staff_id = $1", [
      staffAdmin.id,
    ]);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ staff_id: staffAdmin.id, note: 'Silver earns more this quarter' });
    expect(audit[0]!.after.levels.map((l) => l.gems_per_1000_naira)).toEqual([1, 3, 4, 7, 10]);

    // Any staff member reads them.
    const read = await get(t.app, '/api/admin/reward-levels', staffReviewer.cookie);
    expect(read.statusCode).toBe(200);
    await updateRewardLevels(t.database.db, clock, { staff: admin }, { levels: DEFAULTS, note: 'Back to the defaults' });
  });
});

describe('a paid sale earns at the level reached before it', () => {
  it('uses the level of the 30-day volume before the sale, and the customer reads it on /api/rewards/level', async () => {
    // Silver from ₦100,000 for this test: two ₦59,000 sales reach it.
    const levels = DEFAULTS.map((l) => (l.name === 'Silver' ? { ...l, min_volume_naira: 100_000, gems_per_1000_naira: 3 } : l));
    await updateRewardLevels(t.database.db, clock, { staff: admin }, { levels, note: 'Test thresholds' });
    const user = await seller();
    expect(await levelOf(user)).toEqual({
      level: { name: 'Bronze', min_volume_kobo: 0, gems_per_1000_naira: 1 },
      volume_kobo: 0,
      next_level: { name: 'Silver', min_volume_kobo: 100_000 * NAIRA, gems_per_1000_naira: 3 },
      remaining_kobo: 100_000 * NAIRA,
    });

    const first = await paidSale(user);
    const gemsAt = (rate: number, kobo: number) => Math.floor(kobo / 100_000) * rate;
    expect(await rewardOf(first.saleId)).toBe(gemsAt(1, first.valueKobo));
    clock.advance(60 * 60 * 1000);
    // The second sale crosses ₦100,000 itself: the volume before it was one sale, still Bronze.
    const second = await paidSale(user);
    expect(await rewardOf(second.saleId)).toBe(gemsAt(1, second.valueKobo));
    const volume = first.valueKobo + second.valueKobo;
    expect(await levelOf(user)).toMatchObject({
      level: { name: 'Silver' },
      volume_kobo: volume,
      next_level: { name: 'Gold' },
      remaining_kobo: 2_000_000 * NAIRA - volume,
    });

    clock.advance(60 * 60 * 1000);
    const third = await paidSale(user);
    expect(await rewardOf(third.saleId)).toBe(gemsAt(3, third.valueKobo));
    expect(await getClaimableRewards(t.database.db, user.id)).toBe(
      gemsAt(1, first.valueKobo) + gemsAt(1, second.valueKobo) + gemsAt(3, third.valueKobo),
    );
    await updateRewardLevels(t.database.db, clock, { staff: admin }, { levels: DEFAULTS, note: 'Back to the defaults' });
  });

  it('counts payouts settled in the last 30 days only, and only successful ones', async () => {
    const user = await seller();
    const paidAt = clock.now();
    const { saleId, valueKobo } = await paidSale(user);
    const day = 24 * 60 * 60 * 1000;
    expect(await paidVolumeKobo(t.database.db, user.id, paidAt)).toBe(valueKobo);
    expect(await paidVolumeKobo(t.database.db, user.id, new Date(paidAt.getTime() + 30 * day - 1))).toBe(valueKobo);
    expect(await paidVolumeKobo(t.database.db, user.id, new Date(paidAt.getTime() + 30 * day))).toBe(0);
    expect(await paidVolumeKobo(t.database.db, user.id, new Date(paidAt.getTime() - 1))).toBe(0);
    expect(await paidVolumeKobo(t.database.db, user.id, paidAt, { excludeSaleId: saleId })).toBe(0);

    clock.advance(31 * day);
    // Read by the domain: the customer's session would have expired in a month.
    expect(await getCustomerRewardLevel(t.database.db, clock, user.id)).toMatchObject({ level: { name: 'Bronze' }, volume_kobo: 0 });
  });

  it('is private: no session, no level', async () => {
    expect((await get(t.app, '/api/rewards/level')).statusCode).toBe(401);
  });
});
