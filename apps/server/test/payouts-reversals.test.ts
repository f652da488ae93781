import { payoutFailureTexts, type SaleDetail, type TransactionListResponse } from '@wise/shared';
import type { AdminSaleDetailResponse } from '@wise/shared/admin';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { getDashboard } from '../src/domain/admin/dashboard';
import { auditLedger } from '../src/domain/gems/audit';
import { getGemBalance } from '../src/domain/gems/ledger';
import type { PayoutDeps } from '../src/domain/payouts/settings';
import { resolveHeldPayout, retryPayout } from '../src/domain/payouts/staff';
import { claimRewards, getClaimableRewards } from '../src/domain/rewards/rewards';
import type { StaffPrincipal } from '../src/domain/staff/principal';
import { ManualClock } from '../src/lib/clock';
import { get, post, type TestApp } from './support/app';
import type { FakePaystack } from './support/fake-paystack';
import { startPaystackBed, type PaystackBed } from './support/paystack-bed';
import { approveSale, confirmation, payoutRows, saleRow, staffPayoutTestDeps } from './support/payouts';
import { addBankDetails, sellGiftCard } from './support/sales';
import { createStaff, type TestStaff } from './support/staff';
import { createCustomer, type TestUser } from './support/users';

/**
 * Failed and reversed payouts (domain/payouts/README.md): a signed success with other figures is
 * held for staff, never paid; a reversal after success reopens the sale, tells the customer and
 * takes back the reward they have not claimed; the customer sees why their payout failed and, by
 * changing their bank details, has it sent again to the new account. Through the real Paystack
 * client against the local fake.
 */

const clock = new ManualClock('2026-07-01T09:00:00Z');
const WEBHOOK = '/api/payouts/paystack/webhook';
let fake: FakePaystack;
let t: TestApp;
let deps: PayoutDeps;
let worker: PaystackBed['worker'];
let reviewer: StaffPrincipal;
let admin: StaffPrincipal;
let adminLogin: TestStaff;

beforeAll(async () => {
  ({ fake, t, deps, worker, reviewer, admin } = await startPaystackBed(clock));
  adminLogin = await createStaff(t, { role: 'admin' });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(() => {
  fake.transferBehaviour = 'success';
  fake.transferBehaviourFor.clear();
});

let seed = 700;
async function approvedSale(user?: TestUser, account = '0123456789') {
  const customer = user ?? (await createCustomer(t));
  if (!user) await addBankDetails(t, customer, account);
  seed += 1;
  const sale = await sellGiftCard(t, customer, { seed });
  const started = await approveSale(t.database, clock, sale.id, reviewer.id);
  return { customer, sale, ...started };
}

/** A sale paid through a pending transfer and its webhook (so later events can be signed for it). */
async function paidSale(user?: TestUser) {
  const approved = await approvedSale(user);
  fake.transferBehaviour = 'pending';
  await worker.runDue();
  fake.settle(approved.reference, 'success');
  expect((await webhook('transfer.success', approved.reference)).statusCode).toBe(200);
  expect(await saleRow(t.database, approved.sale.id)).toMatchObject({ status: 'paid' });
  return approved;
}

function webhook(event: 'transfer.success' | 'transfer.failed' | 'transfer.reversed', reference: string) {
  const signed = fake.webhookFor(event, reference);
  return t.app.inject({
    method: 'POST',
    url: WEBHOOK,
    payload: signed.body,
    headers: { 'content-type': 'application/json', 'x-paystack-signature': signed.signature },
  });
}

const notes = async (userId: string) =>
  (
    await t.database.query<{ message: string }>('SELECT message FROM notifications WHERE user_id = $1 ORDER BY created_at, id', [userId])
  ).map((n) => n.message);
const failedMails = (to: string) => t.outbox.list().filter((m) => m.to === to && /could not pay/.test(m.subject ?? ''));
const rewardsOf = (saleId: string) =>
  t.database.query<{
    source: string;
    amount: string;
    claim_id: string | null;
    clawback_entry_id: string | null;
    clawback_reason: string | null;
  }>(
    "SELECT source, amount::text, claim_id, clawback_entry_id, clawback_reason FROM gem_rewards WHERE source = $1 OR source LIKE $1 || ':%' ORDER BY created_at",
    [`sale:${saleId}`],
  );
const customerSale = async (customer: TestUser, saleId: string) => {
  const response = await get(t.app, `/api/transactions/${saleId}`, customer.cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ transaction: SaleDetail }>().transaction;
};

describe('a success whose figures differ from the payout', () => {
  it("a signed transfer.success with another amount is held, not paid: staff see the provider's figures", async () => {
    const { customer, sale, reference } = await approvedSale();
    fake.transferBehaviour = 'pending';
    await worker.runDue();
    const transfer = fake.settle(reference, 'success');
    const approvedAmount = transfer.amount;
    transfer.amount = approvedAmount * 10;
    expect((await webhook('transfer.success', reference)).statusCode).toBe(200);

    expect(await saleRow(t.database, sale.id)).toMatchObject({ status: 'approved', payout_reference: null, paid_at: null });
    expect(await payoutRows(t.database, sale.id)).toMatchObject([{ status: 'needs_review' }]);
    const [held] = await t.database.query<{ reported_amount_kobo: string; review_reason: string }>(
      'SELECT reported_amount_kobo::text, review_reason FROM payouts WHERE sale_id = $1',
      [sale.id],
    );
    expect(held).toMatchObject({
      reported_amount_kobo: String(approvedAmount * 10),
      review_reason: expect.stringMatching(/reported .* kobo/),
    });
    expect(await rewardsOf(sale.id)).toEqual([]);
    expect(await notes(customer.id)).not.toContainEqual(expect.stringMatching(/has been paid/));
    // The customer still waits (no failure shown: staff are checking).
    expect(await customerSale(customer, sale.id)).toMatchObject({ status: 'pending' });
    expect((await customerSale(customer, sale.id)).payout_failure).toBeUndefined();
    // Staff: the dashboard counts it, the queue's payout view lists it, the detail shows the figures.
    expect((await getDashboard(t.database.db, clock, 'Africa/Lagos')).payouts_held?.count).toBeGreaterThanOrEqual(1);
    const detail = (await get(t.app, `/api/admin/sales/${sale.id}`, adminLogin.cookie)).json<AdminSaleDetailResponse>().sale;
    expect(detail.payouts).toMatchObject([
      { status: 'needs_review', reported_amount_kobo: approvedAmount * 10, review_reason: expect.any(String) },
    ]);
    const queue = await get(t.app, '/api/admin/sales?status=payout_failed', adminLogin.cookie);
    expect(queue.body).toContain(sale.id);

    // A replay, and the status query, change nothing; a retry is refused while it is held.
    expect((await webhook('transfer.success', reference)).statusCode).toBe(200);
    clock.advance(60_000);
    await worker.runDue();
    expect(await payoutRows(t.database, sale.id)).toMatchObject([{ status: 'needs_review' }]);
    await expect(
      retryPayout(staffPayoutTestDeps(t.database.db, clock), { confirmation, saleId: sale.id, staff: reviewer }),
    ).rejects.toMatchObject({ status: 409 });

    // An admin resolves it as paid after checking: the sale is paid like any transfer, audited.
    await expect(
      resolveHeldPayout(staffPayoutTestDeps(t.database.db, clock), {
        confirmation,
        saleId: sale.id,
        staff: reviewer,
        resolution: 'paid',
        note: 'x',
      }),
    ).rejects.toMatchObject({ status: 403 });
    const resolved = await post(
      t.app,
      `/api/admin/sales/${sale.id}/payout/resolve`,
      { resolution: 'paid', note: 'The bank statement shows the approved amount', confirm_code: adminLogin.code() },
      adminLogin.cookie,
    );
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(await saleRow(t.database, sale.id)).toMatchObject({ status: 'paid' });
    expect(await payoutRows(t.database, sale.id)).toMatchObject([{ status: 'success' }]);
    expect((await rewardsOf(sale.id)).length).toBe(1);
    const audit = await t.database.query<{ action: string; note: string }>(
      "SELECT action, note FROM staff_audit_log WHERE target_id = $1 AND action = 'payout.resolve'",
      [sale.id],
    );
    expect(audit).toEqual([{ action: 'payout.resolve', note: 'The bank statement shows the approved amount' }]);
  });

  it('another currency is held too; resolved as not paid, the attempt fails and a retry may follow', async () => {
    const { customer, sale, reference } = await approvedSale();
    fake.transferBehaviour = 'pending';
    await worker.runDue();
    const transfer = fake.settle(reference, 'success');
    transfer.currency = 'USD';
    // The status query (no webhook) brings the same answer: held.
    clock.advance(deps.settings.firstCheckDelayMs + 1000);
    await worker.runDue();
    expect(await payoutRows(t.database, sale.id)).toMatchObject([{ status: 'needs_review' }]);
    const [held] = await t.database.query<{ reported_currency: string }>('SELECT reported_currency FROM payouts WHERE sale_id = $1', [
      sale.id,
    ]);
    expect(held!.reported_currency).toBe('USD');
    expect(await saleRow(t.database, sale.id)).toMatchObject({ status: 'approved' });

    await resolveHeldPayout(staffPayoutTestDeps(t.database.db, clock), {
      confirmation,
      saleId: sale.id,
      staff: admin,
      resolution: 'not_paid',
      note: 'Nothing arrived in naira',
    });
    expect(await payoutRows(t.database, sale.id)).toMatchObject([
      { status: 'failed', failure_reason: expect.stringMatching(/Nothing arrived/) },
    ]);
    expect((await customerSale(customer, sale.id)).payout_failure).toMatchObject({ reason: expect.any(String) });
    fake.transferBehaviour = 'success';
    await retryPayout(staffPayoutTestDeps(t.database.db, clock), { confirmation, saleId: sale.id, staff: reviewer });
    await worker.runDue();
    expect(await saleRow(t.database, sale.id)).toMatchObject({ status: 'paid' });
  });
});

describe('a reversal after success', () => {
  it('reopens the sale, tells the customer, takes back the unclaimed reward; a replay changes nothing', async () => {
    const { customer, sale, reference } = await paidSale();
    const gems = await getClaimableRewards(t.database.db, customer.id);
    expect(gems).toBeGreaterThan(0);
    fake.settle(reference, 'reversed');
    expect((await webhook('transfer.reversed', reference)).statusCode).toBe(200);

    expect(await payoutRows(t.database, sale.id)).toMatchObject([
      { status: 'reversed', failure_reason: expect.stringMatching(/reversed/) },
    ]);
    expect(await saleRow(t.database, sale.id)).toMatchObject({ status: 'approved', payout_reference: null, paid_at: null });
    const history = await t.database.query<{ status: string }>('SELECT status FROM sale_status_events WHERE sale_id = $1 ORDER BY id', [
      sale.id,
    ]);
    expect(history.map((h) => h.status)).toEqual(['submitted', 'under_review', 'approved', 'paid', 'approved']);
    expect(await getClaimableRewards(t.database.db, customer.id)).toBe(0);
    expect(await rewardsOf(sale.id)).toMatchObject([
      { claim_id: null, clawback_entry_id: expect.any(String), clawback_reason: expect.stringMatching(/reversed/) },
    ]);
    expect((await notes(customer.id)).at(-1)).toMatch(/could not pay your .* sale .*sent the payment back/);
    await worker.runDue();
    expect(failedMails(customer.email)).toHaveLength(1);
    expect((await auditLedger(t.database.db, { userIds: [customer.id] })).ok).toBe(true);

    const mine = await customerSale(customer, sale.id);
    expect(mine).toMatchObject({
      status: 'pending',
      payout_reference: null,
      payout_failure: { code: 'reversed', reason: payoutFailureTexts.reasons.reversed },
    });
    expect(mine.timeline.map((e) => e.status)).not.toContain('paid');

    const before = { notes: (await notes(customer.id)).length, entries: await entryCount(customer.id) };
    for (let i = 0; i < 2; i += 1) expect((await webhook('transfer.reversed', reference)).statusCode).toBe(200);
    expect((await webhook('transfer.failed', reference)).statusCode).toBe(200);
    await worker.runDue();
    expect({ notes: (await notes(customer.id)).length, entries: await entryCount(customer.id) }).toEqual(before);
    expect(failedMails(customer.email)).toHaveLength(1);
    expect(await payoutRows(t.database, sale.id)).toMatchObject([{ status: 'reversed' }]);

    // Paid again (a staff retry): the sale earns its reward again, once.
    await retryPayout(staffPayoutTestDeps(t.database.db, clock), { confirmation, saleId: sale.id, staff: reviewer });
    fake.transferBehaviour = 'success';
    await worker.runDue();
    expect(await saleRow(t.database, sale.id)).toMatchObject({ status: 'paid' });
    expect(await getClaimableRewards(t.database.db, customer.id)).toBe(gems);
    expect((await auditLedger(t.database.db, { userIds: [customer.id] })).ok).toBe(true);
  });

  it('keeps gems the customer already claimed', async () => {
    const { customer, sale, reference } = await paidSale();
    const gems = await getClaimableRewards(t.database.db, customer.id);
    await claimRewards(t.database.db, clock, customer.id);
    expect(await getGemBalance(t.database.db, customer.id)).toBe(gems);
    fake.settle(reference, 'reversed');
    expect((await webhook('transfer.reversed', reference)).statusCode).toBe(200);
    expect(await saleRow(t.database, sale.id)).toMatchObject({ status: 'approved' });
    expect(await getGemBalance(t.database.db, customer.id)).toBe(gems);
    expect(await rewardsOf(sale.id)).toMatchObject([{ claim_id: expect.any(String), clawback_entry_id: null }]);
    expect((await auditLedger(t.database.db, { userIds: [customer.id] })).ok).toBe(true);
    // Paid again: no second reward (the claimed one stands for the sale).
    fake.transferBehaviour = 'success';
    await retryPayout(staffPayoutTestDeps(t.database.db, clock), { confirmation, saleId: sale.id, staff: reviewer });
    await worker.runDue();
    expect(await saleRow(t.database, sale.id)).toMatchObject({ status: 'paid' });
    expect(await rewardsOf(sale.id)).toHaveLength(1);
    expect(await getClaimableRewards(t.database.db, customer.id)).toBe(0);
  });
});

describe('a reversal after the account closed', () => {
  it('records itself: the sale reopens, and the reward forfeited at closing is not taken back twice, with the reason kept', async () => {
    const { customer, sale, reference } = await paidSale();
    const gems = await getClaimableRewards(t.database.db, customer.id);
    expect(gems).toBeGreaterThan(0);
    expect((await post(t.app, '/api/profile/password/confirm', { password: customer.password }, customer.cookie)).statusCode).toBe(200);
    expect((await post(t.app, '/api/profile/close', { confirm: true }, customer.cookie)).statusCode).toBe(200);
    expect(await getClaimableRewards(t.database.db, customer.id)).toBe(0);
    const entriesBefore = await entryCount(customer.id);

    fake.settle(reference, 'reversed');
    const reversed = await webhook('transfer.reversed', reference);
    expect(reversed.statusCode, reversed.body).toBe(200);
    expect(await payoutRows(t.database, sale.id)).toMatchObject([{ status: 'reversed' }]);
    expect(await saleRow(t.database, sale.id)).toMatchObject({ status: 'approved', payout_reference: null, paid_at: null });
    const [why] = await t.database.query<{ rewards_note: string | null }>('SELECT rewards_note FROM payouts WHERE sale_id = $1', [sale.id]);
    expect(why?.rewards_note).toMatch(/forfeited when the account was closed/);
    // The ledger: the reward points at the closing entry that forfeited it; nothing was moved again.
    const [reward] = await t.database.query<{ forfeit_memo: string | null; clawback_entry_id: string | null }>(
      `SELECT e.memo AS forfeit_memo, r.clawback_entry_id FROM gem_rewards r LEFT JOIN gem_entries e ON e.id = r.forfeit_entry_id WHERE r.source = $1`,
      [`sale:${sale.id}`],
    );
    expect(reward).toEqual({ forfeit_memo: 'Account closed: unclaimed rewards forfeited', clawback_entry_id: null });
    expect(await entryCount(customer.id)).toBe(entriesBefore);
    expect((await auditLedger(t.database.db, { userIds: [customer.id] })).ok).toBe(true);
    // Nobody is told on a closed account: no notice is kept, no e-mail goes to its placeholder address.
    expect(await notes(customer.id)).toEqual([]);
    await worker.runDue();
    expect(t.outbox.list().filter((m) => m.to.endsWith('@closed.invalid') && /could not pay/.test(m.subject ?? ''))).toEqual([]);
    // The provider's retries find it settled.
    expect((await webhook('transfer.reversed', reference)).statusCode).toBe(200);
    expect(await entryCount(customer.id)).toBe(entriesBefore);
  });
});

const entryCount = async (userId: string) =>
  (await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM gem_entries WHERE user_id = $1', [userId]))[0]!.n;

describe('a failed payout the customer can see and fix', () => {
  it('shows the failure with a reason; a bank change with the PIN sends it again to the new account', async () => {
    const customer = await createCustomer(t);
    await addBankDetails(t, customer, '0123451111');
    fake.transferBehaviourFor.set('0123451111', 'failed');
    const { sale } = await approvedSale(customer);
    await worker.runDue();
    expect(await payoutRows(t.database, sale.id)).toMatchObject([{ status: 'failed' }]);
    expect(await saleRow(t.database, sale.id)).toMatchObject({ status: 'approved' });

    const detail = await customerSale(customer, sale.id);
    expect(detail).toMatchObject({
      status: 'pending',
      payout_failure: { code: 'bank_declined', reason: payoutFailureTexts.reasons.bank_declined },
    });
    const list = (await get(t.app, '/api/transactions?status=pending', customer.cookie)).json<TransactionListResponse>();
    expect(list.transactions.find((row) => row.id === sale.id)).toMatchObject({
      status: 'pending',
      payout_failure: { code: 'bank_declined' },
    });
    expect((await notes(customer.id)).at(-1)).toMatch(/could not pay your .* sale/);

    // The new account, with the PIN: the payout goes out again at once, to it.
    // A first PIN once bank details exist needs the password first (a stolen cookie cannot set one).
    expect((await post(t.app, '/api/profile/password/confirm', { password: customer.password }, customer.cookie)).statusCode).toBe(200);
    expect((await post(t.app, '/api/pin', { pin: '2580', confirm_pin: '2580' }, customer.cookie)).statusCode).toBe(200);
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/bank',
      payload: { bank_code: '057', bank_account: '2233445566', pin: '2580' },
      headers: { cookie: customer.cookie },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const attempts = await t.database.query<{
      attempt: number;
      status: string;
      account_number: string;
      bank_code: string;
      started_by: string;
      created_by: string | null;
    }>('SELECT attempt, status, account_number, bank_code, started_by, created_by FROM payouts WHERE sale_id = $1 ORDER BY attempt', [
      sale.id,
    ]);
    expect(attempts).toMatchObject([
      { attempt: 1, status: 'failed', account_number: '0123451111' },
      { attempt: 2, status: 'queued', account_number: '2233445566', bank_code: '057', started_by: 'customer', created_by: null },
    ]);
    await worker.runDue();
    expect(await saleRow(t.database, sale.id)).toMatchObject({ status: 'paid' });
    expect((await notes(customer.id)).at(-1)).toMatch(/has been paid to .* ••5566\./);
    expect(await customerSale(customer, sale.id)).toMatchObject({ status: 'successful' });
    expect((await customerSale(customer, sale.id)).payout_failure).toBeUndefined();
    expect(await customerSale(customer, sale.id)).toMatchObject({
      bank: { account_number: '0123451111' },
      payout_account: { account_number: '2233445566' },
    });
    // The sale's own snapshot is unchanged; staff see the attempt paid another account, changed by the customer.
    const staffView = (await get(t.app, `/api/admin/sales/${sale.id}`, adminLogin.cookie)).json<AdminSaleDetailResponse>().sale;
    expect(staffView.payouts).toMatchObject([
      { attempt: 1, account_changed: false, started_by: 'staff' },
      { attempt: 2, account_changed: true, started_by: 'customer', account: { account_number: '2233445566' } },
    ]);
    // Another bank change now retries nothing (nothing failed).
    const again = await t.app.inject({
      method: 'PUT',
      url: '/api/bank',
      payload: { bank_code: '057', bank_account: '2233445577', pin: '2580' },
      headers: { cookie: customer.cookie },
    });
    expect(again.statusCode).toBe(200);
    expect(await payoutRows(t.database, sale.id)).toHaveLength(2);
  });

  it('a staff retry after the new account failed too pays the new account, not the replaced one', async () => {
    const customer = await createCustomer(t);
    await addBankDetails(t, customer, '0123451111');
    fake.transferBehaviourFor.set('0123451111', 'failed');
    fake.transferBehaviourFor.set('3344556677', 'failed');
    const { sale } = await approvedSale(customer);
    await worker.runDue();
    // A first PIN once bank details exist needs the password first (a stolen cookie cannot set one).
    expect((await post(t.app, '/api/profile/password/confirm', { password: customer.password }, customer.cookie)).statusCode).toBe(200);
    expect((await post(t.app, '/api/pin', { pin: '2580', confirm_pin: '2580' }, customer.cookie)).statusCode).toBe(200);
    const changed = await t.app.inject({
      method: 'PUT',
      url: '/api/bank',
      payload: { bank_code: '057', bank_account: '3344556677', pin: '2580' },
      headers: { cookie: customer.cookie },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await worker.runDue();
    expect(await payoutRows(t.database, sale.id)).toMatchObject([{ status: 'failed' }, { status: 'failed' }]);
    fake.transferBehaviourFor.delete('3344556677');
    await retryPayout(staffPayoutTestDeps(t.database.db, clock), { confirmation, saleId: sale.id, staff: reviewer });
    await worker.runDue();
    const [third] = await t.database.query<{ account_number: string; status: string; started_by: string }>(
      'SELECT account_number, status, started_by FROM payouts WHERE sale_id = $1 AND attempt = 3',
      [sale.id],
    );
    expect(third).toEqual({ account_number: '3344556677', status: 'success', started_by: 'staff' });
    expect(await saleRow(t.database, sale.id)).toMatchObject({ status: 'paid' });
  });
});
