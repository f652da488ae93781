import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SaleDetail } from '@wise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app';
import { insertStaff } from './support/review';
import { addBankDetails, sellGiftCard } from './support/sales';
import { createCustomer, type TestUser } from './support/users';
import { setKycTier } from './support/tiers';

/**
 * What the database refuses on its own about payout limits (0028_payout_limits.sql), whatever code
 * or hand-typed SQL runs: an approval past the customer's daily limit or tier-0 total, counted in
 * the business day of the decision, a raise's history rewritten, a raise by a non-admin. Raw SQL,
 * on both engines.
 */

const NAIRA = 100;
// ₦59,000 per card (amazon's first sub-category, $50 at ₦1,180).
const CARD_KOBO = 59_000 * NAIRA;
let t: TestApp;
let dir: string;
let reviewerId: string;
let adminId: string;
let seed = 500;

const sell = async (user: TestUser): Promise<SaleDetail> => sellGiftCard(t, user, { seed: (seed += 1) });

/** Approves by hand: under review, then approved at `at` for its quote. */
async function approveBySql(sale: SaleDetail, at: string): Promise<void> {
  await t.database.query(`UPDATE sales SET status = 'under_review', status_changed_at = $2 WHERE id = $1 AND status = 'submitted'`, [
    sale.id,
    at,
  ]);
  await t.database.query(
    `UPDATE sales SET status = 'approved', status_changed_at = $2, decided_at = $2, decided_by = $3, payout_amount_kobo = value_kobo WHERE id = $1`,
    [sale.id, at, reviewerId],
  );
}

const refused = async (promise: Promise<unknown>, pattern: RegExp) => {
  await expect(promise).rejects.toThrow(pattern);
};

async function customer(tier: number): Promise<TestUser> {
  const user = await createCustomer(t);
  await addBankDetails(t, user);
  await setKycTier(t.database, user.id, tier);
  return user;
}

const setTier = (user: TestUser, tier: number) => setKycTier(t.database, user.id, tier);

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'wise-limit-guards-'));
  t = await createTestApp({
    env: {
      UPLOAD_DIR: dir,
      TIER0_DAILY_PAYOUT_NAIRA: '100000',
      TIER0_TOTAL_PAYOUT_NAIRA: '150000',
      TIER1_DAILY_PAYOUT_NAIRA: '2000000',
      TIER2_DAILY_PAYOUT_NAIRA: '10000000',
    },
  });
  reviewerId = (await insertStaff(t, 'reviewer')).id;
  adminId = (await insertStaff(t, 'admin')).id;
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

describe('an approval by hand', () => {
  it('is refused past the daily limit, counted in the business day of the decision (Africa/Lagos)', async () => {
    const user = await customer(1);
    const [a, b, c] = [await sell(user), await sell(user), await sell(user)];
    await setTier(user, 0);
    // 23:00 in Lagos on 1 July.
    await approveBySql(a, '2099-07-01T22:00:00Z');
    await refused(approveBySql(b, '2099-07-01T22:30:00Z'), /past their daily payout limit/);
    // 00:30 in Lagos on 2 July: a new day (the total, ₦150,000, still has room for one more card).
    await approveBySql(b, '2099-07-01T23:30:00Z');
    // Now the total before verification is what stops the third.
    await refused(approveBySql(c, '2099-07-03T10:00:00Z'), /past their total payout limit/);
    const rows = await t.database.query<{ status: string }>('SELECT status FROM sales WHERE id = $1', [c.id]);
    expect(rows[0]?.status).toBe('under_review');
  });

  it("honours the latest raise, and a raise's history is never rewritten", async () => {
    const user = await customer(1);
    const [a, b] = [await sell(user), await sell(user)];
    await setTier(user, 0);
    await approveBySql(a, '2099-08-01T10:00:00Z');
    await refused(approveBySql(b, '2099-08-01T10:10:00Z'), /past their daily payout limit/);
    await t.database.query(
      "INSERT INTO payout_limit_raises (user_id, daily_limit_kobo, total_limit_kobo, note, created_by, created_at) VALUES ($1, $2, $2, 'Known trader', $3, now())",
      [user.id, 2 * CARD_KOBO, adminId],
    );
    await approveBySql(b, '2099-08-01T10:20:00Z');
    await refused(t.database.query("UPDATE payout_limit_raises SET note = 'changed' WHERE user_id = $1", [user.id]), /records are kept/);
    await refused(t.database.query('DELETE FROM payout_limit_raises WHERE user_id = $1', [user.id]), /records are kept/);
  });

  it('refuses a raise recorded by anyone but an admin, and a non-positive limit', async () => {
    const user = await customer(0);
    await refused(
      t.database.query(
        "INSERT INTO payout_limit_raises (user_id, daily_limit_kobo, note, created_by, created_at) VALUES ($1, 100, 'x', $2, now())",
        [user.id, reviewerId],
      ),
      /only an admin raises/,
    );
    await refused(
      t.database.query(
        "INSERT INTO payout_limit_raises (user_id, daily_limit_kobo, note, created_by, created_at) VALUES ($1, 0, 'x', $2, now())",
        [user.id, adminId],
      ),
      /check/i,
    );
  });

  it('keeps the settings row: it cannot be deleted, and an unknown time zone is refused', async () => {
    await refused(t.database.query('DELETE FROM payout_limit_settings'), /records are kept/);
    await refused(t.database.query("UPDATE payout_limit_settings SET time_zone = 'Mars/Olympus'"), /time zone|zone/i);
  });
});
