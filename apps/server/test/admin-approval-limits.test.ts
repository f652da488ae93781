import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { saleAmountReasons, transactionDetailResponseSchema, transactionListResponseSchema, type SaleDetail } from '@wise/shared';
import { adminDashboardSchema, adminSaleDetailResponseSchema, adminSaleListResponseSchema } from '@wise/shared/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvedToday, type ApprovalLimits } from '../src/domain/admin/review/approvals';
import {
  approveSale,
  confirmSecondApproval,
  declineSecondApproval,
  rejectSale,
  type ApproveDeps,
} from '../src/domain/admin/review/decisions';
import { DomainError } from '../src/domain/errors';
import { SEND_EMAIL_JOB } from '../src/domain/notifications/email';
import { settlePayoutSuccess } from '../src/domain/payouts/settle';
import type { PayoutProvider } from '../src/providers/payouts/index';
import type { StaffPrincipal } from '../src/domain/staff/principal';
import { ManualClock } from '../src/lib/clock';
import { createTestApp, get, type TestApp } from './support/app';
import { refusalOf } from './support/gem-users';
import { payoutTestDeps, reportedCode } from './support/payouts';
import { insertStaff, queuePayoutStub } from './support/review';
import { addBankDetails, sellGiftCard } from './support/sales';
import { byCode, createStaff, type TestStaff } from './support/staff';
import { createCustomer, type TestUser } from './support/users';

/**
 * Approval limits and four eyes (docs/RELIABILITY.md): one reviewer pays at most the quote and at
 * most the single-approval limit; above either a second, different admin confirms with their own
 * code or declines; a daily total per staff member; and what the database refuses on its own.
 */

const MINUTE = 60_000;
const NAIRA = 100;
const clock = new ManualClock('2026-07-01T08:00:00Z');
const CODE = '123456';
let t: TestApp;
let dir: string;
let seller: TestUser;
let reviewer: StaffPrincipal;
let otherReviewer: StaffPrincipal;
let admin: StaffPrincipal;
let secondAdmin: StaffPrincipal;
let deps: ApproveDeps;

const limits: ApprovalLimits = { singleKobo: 500_000 * NAIRA, dailyKobo: 5_000_000 * NAIRA, timeZone: 'Africa/Lagos' };

async function refusal(promise: Promise<unknown>, status: number, code?: string): Promise<DomainError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DomainError);
  const domain = error as DomainError;
  expect(domain.status).toBe(status);
  if (code) expect(domain.code).toBe(code);
  return domain;
}

let seed = 40;
async function sell(amount = '50'): Promise<SaleDetail> {
  clock.advance(MINUTE);
  seed += 1;
  return sellGiftCard(t, seller, { amount, seed });
}

const saleRow = async (id: string) =>
  (
    await t.database.query<{
      status: string;
      decided_by: string | null;
      payout_amount_kobo: string | null;
      approval_reason_code: string | null;
    }>('SELECT status, decided_by, payout_amount_kobo::text, approval_reason_code FROM sales WHERE id = $1', [id])
  )[0];
const payoutsOf = (id: string) =>
  t.database.query<{ id: string; amount_kobo: string }>('SELECT id, amount_kobo::text FROM payouts WHERE sale_id = $1', [id]);
const requestsOf = (id: string) =>
  t.database.query<{ id: string; amount_kobo: string; outcome: string | null; decided_by: string | null; requested_by: string }>(
    'SELECT id, amount_kobo::text, outcome, decided_by, requested_by FROM sale_approval_requests WHERE sale_id = $1 ORDER BY created_at',
    [id],
  );
/** What the confirming admin was shown: the sale's latest request for a second approval and its amount. */
async function shown(saleId: string, code: string) {
  const latest = (await requestsOf(saleId)).at(-1);
  if (!latest) throw new Error(`sale ${saleId} has no approval request`);
  return { requestId: latest.id, amountKobo: Number(latest.amount_kobo), confirmation: byCode(code) };
}
const auditActions = async (id: string) =>
  (
    await t.database.query<{ action: string }>(
      "SELECT action FROM staff_audit_log WHERE target_type = 'sale' AND target_id = $1 ORDER BY id",
      [id],
    )
  ).map((row) => row.action);

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'wise-approvals-'));
  t = await createTestApp({ clock, env: { UPLOAD_DIR: dir } });
  seller = await createCustomer(t, { full_name: 'Chika Obi' });
  await addBankDetails(t, seller, '0123456789');
  reviewer = await insertStaff(t, 'reviewer', 'Ada Reviewer');
  otherReviewer = await insertStaff(t, 'reviewer', 'Bola Reviewer');
  admin = await insertStaff(t, 'admin', 'Chidi Admin');
  secondAdmin = await insertStaff(t, 'admin', 'Dayo Admin');
  deps = {
    db: t.database.db,
    clock,
    startPayout: queuePayoutStub,
    limits,
    confirm: async (_staffId, { confirm_code: code }) => {
      if (code !== CODE) throw new DomainError('CONFIRMATION_INVALID', 'That code is not right', 403);
    },
  };
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

describe('one reviewer alone', () => {
  it('cannot pay ₦1,000,000,000 for a ₦59,000 card: nothing is paid, a second approval is asked for', async () => {
    const sale = await sell();
    const billion = 1_000_000_000 * NAIRA;
    const outcome = await approveSale(deps, reviewer, sale.id, {
      payoutAmountKobo: billion,
      reason: 'other',
      note: 'Customer says the balance is higher',
      confirmation: byCode(CODE),
    });
    expect(outcome).toBe('awaiting_second_approval');
    expect(await saleRow(sale.id)).toMatchObject({ status: 'under_review', decided_by: null, payout_amount_kobo: null });
    expect(await payoutsOf(sale.id)).toEqual([]);
    expect(await requestsOf(sale.id)).toEqual([
      expect.objectContaining({ amount_kobo: String(billion), outcome: null, requested_by: reviewer.id }),
    ]);
    expect(await auditActions(sale.id)).toContain('sale.approval_request');
    // While it waits, nobody approves or rejects it another way.
    await refusal(approveSale(deps, otherReviewer, sale.id, { confirmation: byCode(CODE) }), 409, 'SALE_AWAITING_SECOND_APPROVAL');
    await refusal(rejectSale(deps, otherReviewer, sale.id, { reason: 'used_card' }), 409, 'SALE_AWAITING_SECOND_APPROVAL');
  });

  it('needs a reason and a note for more than the quote, and a reason from the list for less', async () => {
    const sale = await sell();
    const above = await refusal(
      approveSale(deps, reviewer, sale.id, {
        payoutAmountKobo: sale.value_kobo + NAIRA,
        reason: 'partially_used',
        confirmation: byCode(CODE),
      }),
      400,
      'VALIDATION',
    );
    expect(above.extra.fields).toHaveProperty('note');
    const lower = await refusal(
      approveSale(deps, reviewer, sale.id, { payoutAmountKobo: sale.value_kobo - 1000 * NAIRA, confirmation: byCode(CODE) }),
      400,
      'VALIDATION',
    );
    expect(lower.extra.fields).toHaveProperty('reason');
    const other = await refusal(
      approveSale(deps, reviewer, sale.id, {
        payoutAmountKobo: sale.value_kobo - 1000 * NAIRA,
        reason: 'other',
        confirmation: byCode(CODE),
      }),
      400,
      'VALIDATION',
    );
    expect(other.extra.fields).toHaveProperty('note');
    expect(await requestsOf(sale.id)).toEqual([]);
  });

  it('pays a lower amount with a reason at once, and the customer reads the amount paid, the quote and why', async () => {
    const sale = await sell();
    const paid = sale.value_kobo - 9000 * NAIRA;
    expect(
      await approveSale(deps, reviewer, sale.id, { payoutAmountKobo: paid, reason: 'partially_used', confirmation: byCode(CODE) }),
    ).toBe('approved');
    expect(await saleRow(sale.id)).toMatchObject({
      status: 'approved',
      payout_amount_kobo: String(paid),
      approval_reason_code: 'partially_used',
    });
    const [payout] = await payoutsOf(sale.id);
    expect(payout?.amount_kobo).toBe(String(paid));

    const provider = {} as PayoutProvider; // settling a success never calls the provider
    await settlePayoutSuccess(t.database.db, payoutTestDeps(provider, clock), payout?.id ?? '', reportedCode('TRF_test_1'));

    const detail = transactionDetailResponseSchema.parse(
      (await get(t.app, `/api/transactions/${sale.id}`, seller.cookie)).json(),
    ).transaction;
    expect(detail).toMatchObject({
      status: 'successful',
      amount_kobo: sale.value_kobo,
      value_kobo: sale.value_kobo,
      paid_amount_kobo: paid,
      amount_reason: saleAmountReasons.partially_used,
    });
    const list = transactionListResponseSchema.parse((await get(t.app, '/api/transactions', seller.cookie)).json()).transactions;
    expect(list.find((item) => item.id === sale.id)).toMatchObject({
      paid_amount_kobo: paid,
      amount_reason: saleAmountReasons.partially_used,
    });

    const notices = (await get(t.app, '/api/notifications', seller.cookie)).json<{ notifications: { message: string }[] }>().notifications;
    expect(notices[0]?.message).toContain('The quoted value was ₦');
    expect(notices[0]?.message).toContain(saleAmountReasons.partially_used);
    const [email] = await t.database.query<{ payload: { text: string } }>(
      "SELECT payload FROM jobs WHERE name = $1 AND payload->>'subject' LIKE '%has been paid' ORDER BY id DESC LIMIT 1",
      [SEND_EMAIL_JOB],
    );
    expect(email?.payload.text).toContain(saleAmountReasons.partially_used);
    // The reward accrues on what was paid, not on the quote.
    const rewards = await t.database.query<{ amount: string }>('SELECT amount::text FROM gem_rewards WHERE source = $1', [
      `sale:${sale.id}`,
    ]);
    expect(rewards.map((r) => Number(r.amount))).toEqual(Math.floor(paid / 100_000) > 0 ? [Math.floor(paid / 100_000)] : []);
  });

  it('sends an approval above the single-approval limit to a second approver, even at the quote', async () => {
    const sale = await sell();
    const small: ApproveDeps = { ...deps, limits: { ...limits, singleKobo: sale.value_kobo - 1 } };
    expect(await approveSale(small, reviewer, sale.id, { confirmation: byCode(CODE) })).toBe('awaiting_second_approval');
    expect(await payoutsOf(sale.id)).toEqual([]);
    await confirmSecondApproval(small, admin, sale.id, await shown(sale.id, CODE));
    expect(await saleRow(sale.id)).toMatchObject({ status: 'approved', decided_by: admin.id, payout_amount_kobo: String(sale.value_kobo) });
  });
});

describe('the second approval', () => {
  it('is refused to the one who asked and to a reviewer, and given by another admin with their code', async () => {
    const sale = await sell();
    const more = sale.value_kobo + 2000 * NAIRA;
    await approveSale(deps, admin, sale.id, {
      payoutAmountKobo: more,
      reason: 'other',
      note: 'Balance checked by phone: $52',
      confirmation: byCode(CODE),
    });
    await refusal(confirmSecondApproval(deps, admin, sale.id, await shown(sale.id, CODE)), 403, 'SECOND_APPROVER_SAME');
    await refusal(confirmSecondApproval(deps, reviewer, sale.id, await shown(sale.id, CODE)), 403, 'SECOND_APPROVER_NOT_ADMIN');
    await refusal(confirmSecondApproval(deps, secondAdmin, sale.id, await shown(sale.id, '000000')), 403, 'CONFIRMATION_INVALID');
    expect(await payoutsOf(sale.id)).toEqual([]);

    await confirmSecondApproval(deps, secondAdmin, sale.id, await shown(sale.id, CODE));
    expect(await saleRow(sale.id)).toMatchObject({
      status: 'approved',
      decided_by: secondAdmin.id,
      payout_amount_kobo: String(more),
      approval_reason_code: 'other',
    });
    expect((await payoutsOf(sale.id)).map((p) => p.amount_kobo)).toEqual([String(more)]);
    expect(await requestsOf(sale.id)).toEqual([expect.objectContaining({ outcome: 'confirmed', decided_by: secondAdmin.id })]);
    expect(await auditActions(sale.id)).toEqual(expect.arrayContaining(['sale.approval_request', 'sale.approval_confirm']));
    await refusal(confirmSecondApproval(deps, secondAdmin, sale.id, await shown(sale.id, CODE)), 409, 'SALE_ALREADY_DECIDED');
  });

  it('declined, pays nothing and gives the sale back to review', async () => {
    const sale = await sell();
    await approveSale(deps, reviewer, sale.id, {
      payoutAmountKobo: sale.value_kobo * 3,
      reason: 'other',
      note: 'Looks like more',
      confirmation: byCode(CODE),
    });
    await refusal(declineSecondApproval(deps, otherReviewer, sale.id, {}), 403, 'SECOND_APPROVER_NOT_ADMIN');
    await declineSecondApproval(deps, admin, sale.id, { note: 'The photo shows $50' });
    expect(await saleRow(sale.id)).toMatchObject({ status: 'under_review', decided_by: null });
    expect(await requestsOf(sale.id)).toEqual([expect.objectContaining({ outcome: 'declined', decided_by: admin.id })]);
    expect(await auditActions(sale.id)).toContain('sale.approval_decline');
    await refusal(confirmSecondApproval(deps, secondAdmin, sale.id, await shown(sale.id, CODE)), 409, 'APPROVAL_REQUEST_NOT_FOUND');
    expect(await approveSale(deps, reviewer, sale.id, { confirmation: byCode(CODE) })).toBe('approved');
    expect(await payoutsOf(sale.id)).toHaveLength(1);
  });
});

describe('the daily approval total', () => {
  it('refuses an approval that would take a staff member over it, second approvals included, and starts again the next business day', async () => {
    const day = new ManualClock('2026-07-10T10:00:00Z');
    const sale = await sell();
    const daily: ApproveDeps = { ...deps, clock: day, limits: { ...limits, dailyKobo: sale.value_kobo * 2 } };
    const second = await sell();
    const third = await sell();
    expect(await approveSale(daily, otherReviewer, sale.id, { confirmation: byCode(CODE) })).toBe('approved');
    expect(await approveSale(daily, otherReviewer, second.id, { confirmation: byCode(CODE) })).toBe('approved');
    expect(await approvedToday(t.database.db, day, otherReviewer.id, 'Africa/Lagos')).toBe(sale.value_kobo + second.value_kobo);
    const over = await refusal(approveSale(daily, otherReviewer, third.id, { confirmation: byCode(CODE) }), 409, 'APPROVAL_DAILY_LIMIT');
    expect(over.message).toContain('daily approval limit');
    expect(await payoutsOf(third.id)).toEqual([]);

    // A second approval counts toward the confirming admin's total.
    const big = await sell();
    const adminDaily: ApproveDeps = { ...daily, limits: { ...limits, dailyKobo: big.value_kobo + NAIRA } };
    await approveSale(adminDaily, reviewer, big.id, {
      payoutAmountKobo: big.value_kobo + NAIRA,
      reason: 'other',
      note: 'one naira more',
      confirmation: byCode(CODE),
    });
    await confirmSecondApproval(adminDaily, secondAdmin, big.id, await shown(big.id, CODE));
    expect(await approvedToday(t.database.db, day, secondAdmin.id, 'Africa/Lagos')).toBe(big.value_kobo + NAIRA);

    // 23:00 UTC is midnight in Lagos: a new business day.
    day.set(new Date('2026-07-10T23:00:00Z'));
    expect(await approveSale(daily, otherReviewer, third.id, { confirmation: byCode(CODE) })).toBe('approved');
  });
});

describe('at the same time', () => {
  it('two admins confirming one request: one pays, the other is told it is decided', async () => {
    const sale = await sell();
    await approveSale(deps, reviewer, sale.id, {
      payoutAmountKobo: sale.value_kobo + NAIRA,
      reason: 'other',
      note: 'one naira more',
      confirmation: byCode(CODE),
    });
    const results = await Promise.allSettled([
      confirmSecondApproval(deps, admin, sale.id, await shown(sale.id, CODE)),
      confirmSecondApproval(deps, secondAdmin, sale.id, await shown(sale.id, CODE)),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(DomainError);
    expect(['SALE_ALREADY_DECIDED', 'APPROVAL_REQUEST_NOT_FOUND']).toContain((refused.reason as DomainError).code);
    expect(await payoutsOf(sale.id)).toHaveLength(1);
  });

  it("one reviewer's approvals at once are counted one after the other against the daily total", async () => {
    const sales = [await sell(), await sell(), await sell()];
    const busy = await insertStaff(t, 'reviewer', 'Eze Reviewer');
    const day = new ManualClock('2026-07-20T10:00:00Z');
    const tight: ApproveDeps = { ...deps, clock: day, limits: { ...limits, dailyKobo: sales[0]!.value_kobo * 2 } };
    const results = await Promise.allSettled(sales.map((s) => approveSale(tight, busy, s.id, { confirmation: byCode(CODE) })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
    expect(await approvedToday(t.database.db, day, busy.id, 'Africa/Lagos')).toBe(sales[0]!.value_kobo * 2);
  });
});

describe('what the database refuses on its own', () => {
  const approveAbove = (saleId: string, staffId: string, extra = '') => `
    UPDATE sales SET status = 'under_review', status_changed_at = status_changed_at + interval '1 minute' WHERE id = '${saleId}' AND status = 'submitted';
    UPDATE sales SET status = 'approved', status_changed_at = status_changed_at + interval '2 minutes', decided_at = status_changed_at + interval '2 minutes',
      decided_by = '${staffId}', payout_amount_kobo = value_kobo * 1000, approval_reason_code = 'other', approval_note = 'raw' WHERE id = '${saleId}';
    ${extra}`;
  const request = (saleId: string, by: string, amount: string, decided = '') =>
    `INSERT INTO sale_approval_requests (sale_id, requested_by, amount_kobo, value_kobo, reason_code, note, created_at${decided ? ', decided_by, decided_at, outcome' : ''})
     SELECT id, '${by}', ${amount}, value_kobo, 'other', 'raw', now()${decided} FROM sales WHERE id = '${saleId}';`;

  it('an approval above the quote without a confirmed second approval of exactly that amount', async () => {
    const sale = await sell();
    expect(await refusalOf(t.database, approveAbove(sale.id, reviewer.id))).toMatch(/sales_four_eyes|confirmed second approval/);
    // A confirmed request for another amount, or one another admin confirmed, is not enough.
    expect(
      await refusalOf(
        t.database,
        `${request(sale.id, reviewer.id, 'value_kobo * 999', `, '${admin.id}', now(), 'confirmed'`)}${approveAbove(sale.id, admin.id)}`,
      ),
    ).toMatch(/confirmed second approval/);
    expect(
      await refusalOf(
        t.database,
        `${request(sale.id, reviewer.id, 'value_kobo * 1000', `, '${admin.id}', now(), 'confirmed'`)}${approveAbove(sale.id, secondAdmin.id)}`,
      ),
    ).toMatch(/confirmed second approval/);
  });

  it('a payout above the quote without a confirmed second approval, whatever the sale row says', async () => {
    const sale = await sell();
    const payout = `INSERT INTO payouts (sale_id, attempt, reference, method, status, amount_kobo, bank_code, account_number, account_name, created_by, created_at)
      SELECT id, 1, 'wpo_four_eyes_${sale.id.replace(/-/g, '')}', 'transfer', 'queued', payout_amount_kobo, bank_code, account_number, account_name, '${reviewer.id}', now() FROM sales WHERE id = '${sale.id}';`;
    // With the sale's own guard switched off (inside the rolled-back transaction), the payout's still refuses.
    expect(
      await refusalOf(t.database, `ALTER TABLE sales DISABLE TRIGGER sales_guard_four_eyes;${approveAbove(sale.id, reviewer.id)}${payout}`),
    ).toMatch(/payouts_four_eyes|payout above the quoted value/);
  });

  it('a second approval by the one who asked, by a reviewer, a rewrite and a delete', async () => {
    const sale = await sell();
    expect(await refusalOf(t.database, request(sale.id, admin.id, 'value_kobo * 2', `, '${admin.id}', now(), 'confirmed'`))).toMatch(
      /sale_approval_requests_four_eyes/,
    );
    expect(
      await refusalOf(t.database, request(sale.id, reviewer.id, 'value_kobo * 2', `, '${otherReviewer.id}', now(), 'confirmed'`)),
    ).toMatch(/only an admin/);
    expect(
      await refusalOf(
        t.database,
        `${request(sale.id, reviewer.id, 'value_kobo * 2')} UPDATE sale_approval_requests SET outcome = 'confirmed', decided_by = '${otherReviewer.id}', decided_at = now() WHERE sale_id = '${sale.id}';`,
      ),
    ).toMatch(/only an admin/);
    expect(
      await refusalOf(
        t.database,
        `${request(sale.id, reviewer.id, 'value_kobo * 2')} UPDATE sale_approval_requests SET amount_kobo = amount_kobo * 10 WHERE sale_id = '${sale.id}';`,
      ),
    ).toMatch(/keeps its terms/);
    expect(
      await refusalOf(
        t.database,
        `${request(sale.id, reviewer.id, 'value_kobo * 2', `, '${admin.id}', now(), 'declined'`)} UPDATE sale_approval_requests SET outcome = 'confirmed' WHERE sale_id = '${sale.id}';`,
      ),
    ).toMatch(/never rewritten/);
    expect(
      await refusalOf(
        t.database,
        `${request(sale.id, reviewer.id, 'value_kobo * 2')} DELETE FROM sale_approval_requests WHERE sale_id = '${sale.id}';`,
      ),
    ).toMatch(/records are kept/);
    expect(
      await refusalOf(
        t.database,
        `${request(sale.id, reviewer.id, 'value_kobo * 2')}${request(sale.id, otherReviewer.id, 'value_kobo * 3')}`,
      ),
    ).toMatch(/sale_approval_requests_one_open/);
  });
});

describe('over HTTP', () => {
  let kemi: TestStaff;
  let ngozi: TestStaff;
  let tunde: TestStaff;
  const send = (url: string, cookie: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method: payload ? 'POST' : 'GET', url, headers: { cookie }, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    kemi = await createStaff(t, { role: 'reviewer', name: 'Kemi Reviewer' });
    ngozi = await createStaff(t, { role: 'admin', name: 'Ngozi Admin' });
    tunde = await createStaff(t, { role: 'admin', name: 'Tunde Admin' });
  });

  it("holds a lone reviewer's ₦1,000,000,000 approval for another admin, who sees both amounts and confirms with their code", async () => {
    const sale = await sell();
    const billion = 1_000_000_000 * NAIRA;
    const asked = await send(`/api/admin/sales/${sale.id}/approve`, kemi.cookie, {
      payout_amount_kobo: billion,
      reason: 'other',
      note: 'Customer insists',
      confirm_code: kemi.code(),
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const held = adminSaleDetailResponseSchema.parse(asked.json()).sale;
    expect(held).toMatchObject({ status: 'under_review', payout_status: null, approval_limit_kobo: 500_000 * NAIRA });
    expect(held.approval_request).toMatchObject({
      amount_kobo: billion,
      value_kobo: sale.value_kobo,
      reason_code: 'other',
      note: 'Customer insists',
      requested_by: { id: kemi.id },
      outcome: null,
    });

    const queue = adminSaleListResponseSchema.parse((await send('/api/admin/sales?status=awaiting_approval', ngozi.cookie)).json());
    expect(queue.items.find((item) => item.id === sale.id)?.second_approval).toMatchObject({
      amount_kobo: billion,
      requested_by: { id: kemi.id },
    });
    const dashboard = adminDashboardSchema.parse((await send('/api/admin/dashboard', ngozi.cookie)).json());
    expect(dashboard.awaiting_second_approval?.count).toBeGreaterThan(0);

    const first = { request_id: held.approval_request?.id, amount_kobo: billion };
    expect(
      (await send(`/api/admin/sales/${sale.id}/approval/confirm`, kemi.cookie, { ...first, confirm_code: kemi.code() })).statusCode,
    ).toBe(403);
    const declined = await send(`/api/admin/sales/${sale.id}/approval/decline`, ngozi.cookie, { note: 'Not a billion' });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(adminSaleDetailResponseSchema.parse(declined.json()).sale.approval_request).toMatchObject({
      outcome: 'declined',
      decision_note: 'Not a billion',
      decided_by: { id: ngozi.id },
    });

    const again = await send(`/api/admin/sales/${sale.id}/approve`, ngozi.cookie, {
      payout_amount_kobo: sale.value_kobo + 500 * NAIRA,
      reason: 'other',
      note: 'Balance was $50.40',
      confirm_code: ngozi.code(),
    });
    expect(again.statusCode, again.body).toBe(200);
    const asked2 = {
      request_id: adminSaleDetailResponseSchema.parse(again.json()).sale.approval_request?.id,
      amount_kobo: sale.value_kobo + 500 * NAIRA,
    };
    const own = await send(`/api/admin/sales/${sale.id}/approval/confirm`, ngozi.cookie, { ...asked2, confirm_code: ngozi.code() });
    expect(own.statusCode).toBe(403);
    expect(own.json<{ code: string }>().code).toBe('SECOND_APPROVER_SAME');
    const confirmed = await send(`/api/admin/sales/${sale.id}/approval/confirm`, tunde.cookie, { ...asked2, confirm_code: tunde.code() });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(adminSaleDetailResponseSchema.parse(confirmed.json()).sale).toMatchObject({
      status: 'approved',
      decision: { payout_amount_kobo: sale.value_kobo + 500 * NAIRA, decided_by: { id: tunde.id }, approval_reason_code: 'other' },
    });
    expect((await send(`/api/admin/sales/${sale.id}/approval/confirm`, tunde.cookie, { ...asked2, confirm_code: 'abc' })).statusCode).toBe(
      400,
    );
  });
});
