import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AdminDashboard } from '@wise/shared/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDashboard } from '../src/domain/admin/dashboard';
import { ManualClock } from '../src/lib/clock';
import { get } from './support/app';
import { airtimeBody, authorise, customerWithGems, newOrder, startBillsHarness, type BillsHarness } from './support/bill-orders';
import { addBankDetails, sellGiftCard } from './support/sales';
import { createStaff } from './support/staff';
import type { TestUser } from './support/users';

/**
 * The dashboard (docs/decisions.md §8): pending sales and the oldest's age, today's approvals and
 * rejections and payouts — "today" in APP_TIMEZONE (Africa/Lagos, UTC+1), not in UTC — open payout
 * failures and bill orders stuck processing. Decisions and payouts are written straight into the
 * tables here (the review and payout flows have their own tests); the database's guards still apply.
 */

// 22:00 UTC is 23:00 in Lagos: an hour later is already tomorrow there.
const clock = new ManualClock('2026-11-19T21:00:00Z');
let h: BillsHarness;
let dir: string;
let user: TestUser;
let staffId: string;

const db = () => h.t.database;

async function decide(saleId: string, outcome: 'approve' | 'reject', at: string) {
  if (outcome === 'approve') {
    await db().query("UPDATE sales SET status = 'under_review', status_changed_at = $2 WHERE id = $1", [saleId, at]);
    await db().query(
      "UPDATE sales SET status = 'approved', status_changed_at = $2, decided_at = $2, decided_by = $3, payout_amount_kobo = value_kobo WHERE id = $1",
      [saleId, at, staffId],
    );
  } else {
    await db().query(
      "UPDATE sales SET status = 'rejected', status_changed_at = $2, decided_at = $2, decided_by = $3, rejection_code = 'used_card', rejection_reason = 'The card was already used' WHERE id = $1",
      [saleId, at, staffId],
    );
  }
}

/** One payout attempt of an approved sale, settled `success` or `failed` at `at`. */
async function payout(saleId: string, attempt: number, outcome: 'success' | 'failed', at: string) {
  const reference = `wise_${randomBytes(10).toString('hex')}`;
  const [row] = await db().query<{ id: string }>(
    `INSERT INTO payouts (sale_id, attempt, reference, method, status, amount_kobo, bank_code, account_number, account_name, created_by, created_at)
     SELECT id, $2, $3, 'transfer', 'queued', payout_amount_kobo, bank_code, account_number, account_name, $4, $5 FROM sales WHERE id = $1 RETURNING id`,
    [saleId, attempt, reference, staffId, at],
  );
  await db().query("UPDATE payouts SET status = 'sending', sent_at = $2 WHERE id = $1", [row?.id, at]);
  if (outcome === 'success') {
    await db().query("UPDATE payouts SET status = 'success', settled_at = $2, provider_reference = 'TRF_test' WHERE id = $1", [
      row?.id,
      at,
    ]);
    await db().query(
      "UPDATE sales SET status = 'paid', status_changed_at = $2, paid_at = $2, payout_reference = 'TRF_test' WHERE id = $1",
      [saleId, at],
    );
  } else {
    await db().query("UPDATE payouts SET status = 'failed', settled_at = $2, failure_reason = 'Account not found' WHERE id = $1", [
      row?.id,
      at,
    ]);
  }
}

const valueOf = async (saleId: string) =>
  Number((await db().query<{ v: string }>('SELECT value_kobo::text AS v FROM sales WHERE id = $1', [saleId]))[0]?.v);

let paidTodayKobo = 0;
let saleIds: string[] = [];

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'wise-admin-dashboard-'));
  h = await startBillsHarness(clock, { env: { UPLOAD_DIR: dir } });
  const [staff] = await db().query<{ id: string }>(
    "INSERT INTO staff (email, name, role, password_hash, must_change_password, created_at, updated_at) VALUES ('dash@wise.staff', 'Dash', 'reviewer', 'x', false, $1, $1) RETURNING id",
    [clock.now().toISOString()],
  );
  staffId = staff?.id ?? '';
  user = await customerWithGems(h, 5000);
  await addBankDetails(h.t, user);
  // Eight sales submitted on the 19th (Lagos), a minute apart.
  saleIds = [];
  for (let i = 0; i < 8; i += 1) {
    saleIds.push((await sellGiftCard(h.t, user, { seed: i, amount: String(30 + i) })).id);
    clock.advance(60_000);
  }
  const [s0, s1, s2, s3, s4, s5] = saleIds as [string, string, string, string, string, string];
  // Yesterday in Lagos (23:50 on the 19th): counted nowhere today.
  await decide(s0, 'approve', '2026-11-19T22:50:00Z');
  await payout(s0, 1, 'success', '2026-11-19T22:55:00Z');
  await decide(s1, 'reject', '2026-11-19T22:50:00Z');
  // Today in Lagos though still the 19th in UTC (00:10 on the 20th).
  await decide(s2, 'approve', '2026-11-19T23:10:00Z');
  await payout(s2, 1, 'success', '2026-11-19T23:12:00Z');
  await decide(s3, 'reject', '2026-11-19T23:15:00Z');
  // Today: approved, first payout failed, the retry paid.
  await decide(s4, 'approve', '2026-11-20T10:00:00Z');
  await payout(s4, 1, 'failed', '2026-11-20T10:01:00Z');
  await payout(s4, 2, 'success', '2026-11-20T10:30:00Z');
  // Today: approved and its only payout failed — open.
  await decide(s5, 'approve', '2026-11-20T11:00:00Z');
  await payout(s5, 1, 'failed', '2026-11-20T11:01:00Z');
  paidTodayKobo = (await valueOf(s2)) + (await valueOf(s4));
});
afterAll(async () => {
  await h.close();
  await rm(dir, { recursive: true, force: true });
});

describe('GET /api/admin/dashboard', () => {
  it('counts the day in APP_TIMEZONE, pending sales with the oldest age, payouts, open failures and stuck bill orders', async () => {
    // A bill order timed out at the provider 11 minutes ago (stuck) and one a minute ago (not yet).
    h.airtime.script.push('slow-pending');
    clock.set('2026-11-20T21:49:00Z');
    const old = await newOrder(h, user, airtimeBody({ amount: 200 }));
    expect((await authorise(h, user, old.id)).statusCode).toBe(202);
    clock.set('2026-11-20T21:59:00Z');
    h.airtime.script.push('slow-pending');
    const recent = await newOrder(h, user, airtimeBody({ amount: 200 }));
    expect((await authorise(h, user, recent.id)).statusCode).toBe(202);
    // 22:00 UTC on the 20th = 23:00 in Lagos, still the 20th there.
    clock.set('2026-11-20T22:00:00Z');

    const reviewer = await createStaff(h.t, { role: 'reviewer' });
    const response = await get(h.t.app, '/api/admin/dashboard', reviewer.cookie);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<AdminDashboard>();
    // Sales 6 and 7 wait; the oldest was submitted at 21:06 UTC on the 19th.
    const [oldest] = await db().query<{ created_at: Date }>('SELECT created_at FROM sales WHERE id = $1', [saleIds[6]]);
    const oldestAt = new Date(oldest?.created_at ?? 0);
    expect(body).toEqual({
      alerts: [],
      pending_sales: {
        count: 2,
        oldest_created_at: oldestAt.toISOString(),
        oldest_age_minutes: Math.floor((clock.now().getTime() - oldestAt.getTime()) / 60_000),
      },
      today: { date: '2026-11-20', time_zone: 'Africa/Lagos', approved: 3, rejected: 1 },
      payouts_today: { count: 2, total_kobo: paidTodayKobo },
      payouts_failed: { count: 1 },
      payouts_held: { count: 0 },
      payouts_provider_unreachable: { count: 0, since: null, reason: null },
      awaiting_second_approval: { count: 0 },
      bill_orders_stuck: { count: 1, oldest_authorised_at: '2026-11-20T21:49:00.000Z' },
      generated_at: clock.now().toISOString(),
    });
    expect(paidTodayKobo).toBeGreaterThan(0);
  });

  it('starts a new day at midnight in Lagos', async () => {
    // 23:00 UTC on the 20th = 00:00 on the 21st in Lagos.
    const dashboard = await getDashboard(db().db, { now: () => new Date('2026-11-20T23:00:00Z') }, 'Africa/Lagos');
    expect(dashboard.today).toEqual({ date: '2026-11-21', time_zone: 'Africa/Lagos', approved: 0, rejected: 0 });
    expect(dashboard.payouts_today).toEqual({ count: 0, total_kobo: 0 });
    // In UTC the 20th is still going, and holds the 00:10-Lagos decisions too.
    const utc = await getDashboard(db().db, { now: () => new Date('2026-11-20T22:59:00Z') }, 'UTC');
    expect(utc.today).toMatchObject({ date: '2026-11-20', approved: 2, rejected: 0 });
    expect(utc.payouts_today.count).toBe(1);
  });

  it('counts a sale waiting for a second approval there, not also among the sales waiting for review', async () => {
    const before = await getDashboard(db().db, clock, 'Africa/Lagos');
    const waiting = saleIds[7] ?? '';
    await db().query("UPDATE sales SET status = 'under_review', status_changed_at = $2 WHERE id = $1", [
      waiting,
      clock.now().toISOString(),
    ]);
    await db().query(
      'INSERT INTO sale_approval_requests (sale_id, requested_by, amount_kobo, value_kobo, created_at) SELECT id, $2, value_kobo, value_kobo, $3 FROM sales WHERE id = $1',
      [waiting, staffId, clock.now().toISOString()],
    );
    const after = await getDashboard(db().db, clock, 'Africa/Lagos');
    expect(after.awaiting_second_approval?.count).toBe((before.awaiting_second_approval?.count ?? 0) + 1);
    expect(after.pending_sales.count).toBe(before.pending_sales.count - 1);
  });

  it('is for staff only', async () => {
    expect((await get(h.t.app, '/api/admin/dashboard')).statusCode).toBe(401);
    expect((await get(h.t.app, '/api/admin/dashboard', user.cookie)).statusCode).toBe(401);
  });
});
