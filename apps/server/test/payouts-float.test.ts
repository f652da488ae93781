import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { advancePayout } from '../src/domain/payouts/advance';
import { releaseHeldPayouts } from '../src/domain/payouts/funds';
import { checkAlerts, type AlertSettings } from '../src/domain/operations/alerts';
import { resolveMismatch, runReconciliation, type ReconciliationDeps } from '../src/domain/reconciliation/runs';
import type { PayoutDeps } from '../src/domain/payouts/settings';
import type { StaffPrincipal } from '../src/domain/staff/principal';
import { ManualClock } from '../src/lib/clock';
import { SandboxAirtimeProvider } from '../src/providers/airtime/sandbox';
import { SandboxBillsProvider } from '../src/providers/bills/sandbox';
import type { TestApp } from './support/app';
import type { FakePaystack } from './support/fake-paystack';
import { startPaystackBed, type PaystackBed } from './support/paystack-bed';
import { approveSale, confirmation, payoutRows, saleRow, staffPayoutTestDeps } from './support/payouts';
import { addBankDetails, sellGiftCard } from './support/sales';
import { createCustomer } from './support/users';

/**
 * The payout float, Paystack's details and the payouts side of the daily reconciliation, with the
 * real Paystack client against the local fake: waiting for funds holds a payout and sends it
 * exactly once when the balance is topped up; an OTP transfer is held and alerted; a recipient is
 * created once per account; each kind of mismatch made at the fake is found once, alerted once,
 * counted in the metrics and resolved by an admin (audited); the database refuses the rest.
 */

// 10:00 in Lagos on 1 July.
const clock = new ManualClock('2026-07-01T09:00:00Z');
let fake: FakePaystack;
let t: TestApp;
let deps: PayoutDeps;
let worker: PaystackBed['worker'];
let reviewer: StaffPrincipal;
let admin: StaffPrincipal;
let recon: ReconciliationDeps;
const settings: AlertSettings = {
  payoutFailureRate: 0.2,
  payoutFailureMinSample: 5,
  payoutStuckMinutes: 30,
  jobAgeMinutes: 10,
  maxPriceAgeSeconds: 600,
  payoutFloatAlertKobo: 500_000_00,
  billsFloatAlertKobo: 0,
  providerUnreachableMinutes: 2,
};

beforeAll(async () => {
  let provider: PaystackBed['provider'];
  ({ fake, t, deps, worker, reviewer, admin, provider } = await startPaystackBed(clock));
  fake.now = () => clock.now();
  const bills = new SandboxBillsProvider({ slowMs: 0 });
  recon = {
    clock,
    timeZone: 'Africa/Lagos',
    payouts: provider,
    airtime: new SandboxAirtimeProvider({ slowMs: 0 }),
    bills,
    payoutFloatAlertKobo: 500_000_00,
    billsFloatAlertKobo: 0,
  };
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(() => {
  fake.transferBehaviour = 'success';
  fake.balanceKobo = 1_000_000_000_00;
});

let seed = 900;
async function approvedSale(account = '0123456789') {
  const customer = await createCustomer(t);
  await addBankDetails(t, customer, account);
  seed += 1;
  const sale = await sellGiftCard(t, customer, { seed });
  const started = await approveSale(t.database, clock, sale.id, reviewer.id);
  const [row] = await t.database.query<{ amount_kobo: string }>('SELECT amount_kobo FROM payouts WHERE id = $1', [started.payoutId]);
  return { customer, sale, amountKobo: Number(row!.amount_kobo), ...started };
}

const holdOf = async (payoutId: string) =>
  (await t.database.query<{ status: string; hold: string | null }>('SELECT status, hold FROM payouts WHERE id = $1', [payoutId]))[0];
const check = () => t.database.db.transaction((tx) => checkAlerts(tx, clock, settings));
const incidents = (kind: string) =>
  t.database.query<{ resolved: boolean }>('SELECT resolved_at IS NOT NULL AS resolved FROM alert_incidents WHERE kind = $1 ORDER BY id', [
    kind,
  ]);

describe('the payout float', () => {
  it('holds a payout the balance cannot cover, alerts once, and pays it exactly once after a top-up', async () => {
    const { sale, payoutId, reference, amountKobo } = await approvedSale();
    fake.balanceKobo = amountKobo - 1;
    await worker.runDue();
    expect(await holdOf(payoutId)).toEqual({ status: 'queued', hold: 'waiting_for_funds' });
    expect(fake.transferPosts.get(reference)).toBeUndefined();
    expect(await saleRow(t.database, sale.id)).toMatchObject({ status: 'approved' });
    // The customer sees it still processing: no failure is told.
    const [mine] = await t.database.query<{ count: string }>(
      "SELECT count(*) AS count FROM notifications WHERE user_id = (SELECT user_id FROM sales WHERE id = $1) AND message LIKE '%could not pay%'",
      [sale.id],
    );
    expect(Number(mine?.count)).toBe(0);

    expect((await check()).payout_float_low).toBe('opened');
    expect((await check()).payout_float_low).toBe('unchanged');
    // Still short: the release job leaves it held.
    expect(await releaseHeldPayouts(t.database.db, deps)).toEqual([]);

    fake.balanceKobo = 1_000_000_000_00;
    expect(await releaseHeldPayouts(t.database.db, deps)).toEqual([payoutId]);
    await worker.runDue();
    await worker.runDue();
    expect(await payoutRows(t.database, sale.id)).toMatchObject([{ status: 'success' }]);
    expect(await holdOf(payoutId)).toEqual({ status: 'success', hold: null });
    expect(fake.transferPosts.get(reference)).toBe(1);
    expect(await saleRow(t.database, sale.id)).toMatchObject({ status: 'paid' });
    expect((await check()).payout_float_low).toBe('resolved');
    expect(await incidents('payout_float_low')).toEqual([{ resolved: true }]);
  });

  it('holds, not fails, a transfer Paystack refuses for want of money after the check passed', async () => {
    const { payoutId, reference } = await approvedSale();
    fake.transferBehaviour = 'refused';
    expect(await advancePayout(t.database.db, deps, payoutId)).toBe('waiting_for_funds');
    expect(await holdOf(payoutId)).toEqual({ status: 'sending', hold: 'waiting_for_funds' });
    fake.transferBehaviour = 'success';
    expect(await releaseHeldPayouts(t.database.db, deps)).toEqual([payoutId]);
    await worker.runDue();
    expect(await holdOf(payoutId)).toEqual({ status: 'success', hold: null });
    expect(fake.transfers.has(reference)).toBe(true);
  });
});

describe('Paystack details', () => {
  it('creates the recipient once per account and reuses it for a retry', async () => {
    const { payoutId } = await approvedSale('0223456789');
    const before = fake.recipientPosts;
    fake.transferBehaviour = 'failed';
    await worker.runDue();
    expect(await holdOf(payoutId)).toMatchObject({ status: 'failed' });
    const [{ sale_id: saleId }] = (await t.database.query<{ sale_id: string }>('SELECT sale_id FROM payouts WHERE id = $1', [
      payoutId,
    ])) as [{ sale_id: string }];
    const { retryPayout } = await import('../src/domain/payouts/staff');
    fake.transferBehaviour = 'success';
    await retryPayout(staffPayoutTestDeps(t.database.db, clock), { confirmation, saleId, staff: reviewer });
    await worker.runDue();
    expect(await payoutRows(t.database, saleId)).toMatchObject([{ status: 'failed' }, { status: 'success' }]);
    expect(fake.recipientPosts - before).toBe(1);
    const codes = await t.database.query<{ recipient_code: string }>(
      'SELECT recipient_code FROM payouts WHERE sale_id = $1 ORDER BY attempt',
      [saleId],
    );
    expect(new Set(codes.map((row) => row.recipient_code)).size).toBe(1);
  });

  it('never hands a sandbox recipient code to Paystack, even for an account the sandbox paid', async () => {
    // As if this account had been paid by the sandbox before (a server moved from it to Paystack).
    const earlier = await approvedSale('0323456789');
    await t.database.query("UPDATE payouts SET recipient_code = 'RCP_sandbox_0323456789' WHERE id = $1", [earlier.payoutId]);
    fake.transferBehaviour = 'failed';
    await worker.runDue();
    expect(await holdOf(earlier.payoutId)).toMatchObject({ status: 'failed' });

    const before = fake.recipientPosts;
    const { payoutId } = await approvedSale('0323456789');
    fake.transferBehaviour = 'success';
    await worker.runDue();
    expect(await holdOf(payoutId)).toMatchObject({ status: 'success' });
    expect(fake.recipientPosts - before).toBe(1);
    const [row] = await t.database.query<{ recipient_code: string }>('SELECT recipient_code FROM payouts WHERE id = $1', [payoutId]);
    expect(row?.recipient_code).not.toMatch(/^RCP_sandbox_/);
  });

  it('holds a transfer waiting for an OTP, alerts once, and settles it when Paystack moves it', async () => {
    const { sale, payoutId, reference } = await approvedSale();
    fake.transferBehaviour = 'otp';
    await worker.runDue();
    expect(await holdOf(payoutId)).toEqual({ status: 'pending', hold: 'awaiting_otp' });
    expect((await check()).payouts_awaiting_otp).toBe('opened');
    expect((await check()).payouts_awaiting_otp).toBe('unchanged');
    // Asked again while Paystack still waits: still held, nothing else.
    expect(await advancePayout(t.database.db, deps, payoutId)).toBe('pending');
    fake.settle(reference, 'success');
    expect(await advancePayout(t.database.db, deps, payoutId)).toBe('success');
    expect(await holdOf(payoutId)).toEqual({ status: 'success', hold: null });
    expect(await saleRow(t.database, sale.id)).toMatchObject({ status: 'paid' });
    expect((await check()).payouts_awaiting_otp).toBe('resolved');
  });

  it('fails an OTP transfer Paystack abandoned, and reverses a paid one reversed without a webhook', async () => {
    const abandoned = await approvedSale();
    fake.transferBehaviour = 'otp';
    await worker.runDue();
    fake.settle(abandoned.reference, 'abandoned');
    expect(await advancePayout(t.database.db, deps, abandoned.payoutId)).toBe('failed');
    expect(await payoutRows(t.database, abandoned.sale.id)).toMatchObject([
      { status: 'failed', failure_reason: expect.stringMatching(/abandoned/) },
    ]);

    const reversed = await approvedSale();
    fake.transferBehaviour = 'pending';
    await worker.runDue();
    fake.settle(reversed.reference, 'success');
    expect(await advancePayout(t.database.db, deps, reversed.payoutId)).toBe('success');
    fake.settle(reversed.reference, 'reversed');
    // A status query after success reads the reversal as a webhook would.
    const { applyTransferState, findPayout } = await import('../src/domain/payouts/advance');
    const found = await recon.payouts.fetchTransfer(reversed.reference);
    expect(found.outcome).toBe('found');
    if (found.outcome === 'found')
      expect(await applyTransferState(t.database.db, deps, (await findPayout(t.database.db, reversed.payoutId))!, found.state)).toBe(
        'reversed',
      );
    expect(await saleRow(t.database, reversed.sale.id)).toMatchObject({ status: 'approved' });
  });
});

describe('payout reconciliation', () => {
  it('finds each kind of mismatch over every page, once, alerts once, and resolves with an audited note', async () => {
    // Everything above happened on DAY too; move to a fresh day for a clean comparison.
    clock.set(new Date('2026-07-02T09:00:00Z'));
    const day = '2026-07-02';
    const agreed = await approvedSale();
    const reversedThere = await approvedSale();
    const otherAmount = await approvedSale();
    const lost = await approvedSale();
    await worker.runDue();
    for (const sale of [agreed, reversedThere, otherAmount, lost])
      expect(await saleRow(t.database, sale.sale.id)).toMatchObject({ status: 'paid' });
    fake.settle(reversedThere.reference, 'reversed');
    fake.transfers.get(otherAmount.reference)!.amount += 100;
    fake.transfers.delete(lost.reference);
    fake.transfers.set('manual_dashboard_transfer_01', {
      reference: 'manual_dashboard_transfer_01',
      transferCode: 'TRF_manual1',
      recipientCode: 'RCP_x',
      amount: 5_000_00,
      reason: 'by hand',
      status: 'success',
      createdAt: clock.now().toISOString(),
    });
    fake.maxPerPage = 2;

    clock.set(new Date('2026-07-03T02:30:00Z'));
    const run = await runReconciliation(t.database.db, recon, { providerKind: 'payouts', businessDate: day, trigger: 'schedule' });
    expect(run).toMatchObject({ outcome: 'completed', ours_count: 4, theirs_count: 4, mismatch_count: 4 });
    const listCalls = fake.requests.filter((r) => r.method === 'GET' && r.url.startsWith('/transfer?'));
    expect(listCalls.length).toBeGreaterThanOrEqual(2);
    const open = await t.database.query<{ id: string; kind: string; reference: string }>(
      "SELECT id, kind, reference FROM reconciliation_mismatches WHERE provider_kind = 'payouts' AND resolved_at IS NULL ORDER BY kind",
    );
    expect(open.map((m) => [m.kind, m.reference])).toEqual([
      ['amount_differs', otherAmount.reference],
      ['missing_at_ours', 'manual_dashboard_transfer_01'],
      ['missing_at_provider', lost.reference],
      ['status_differs', reversedThere.reference],
    ]);
    expect(
      await runReconciliation(t.database.db, recon, { providerKind: 'payouts', businessDate: day, trigger: 'schedule' }),
    ).toMatchObject({ mismatch_count: 4 });
    expect(await t.database.query("SELECT id FROM reconciliation_mismatches WHERE provider_kind = 'payouts'")).toHaveLength(4);
    expect(await incidents('reconciliation_mismatch')).toEqual([{ resolved: false }]);

    const metrics = await t.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(metrics.body).toContain('wise_reconciliation_mismatches{provider_kind="payouts",kind="missing_at_ours"} 1');
    expect(metrics.body).toMatch(/wise_payouts_held\{hold="waiting_for_funds"\} \d/);

    // The database keeps them: no delete, no invented kind, no rewrite.
    await expect(t.database.query('DELETE FROM reconciliation_mismatches WHERE id = $1', [open[0]!.id])).rejects.toThrow(/never deleted/);
    await expect(
      t.database.query(
        "INSERT INTO reconciliation_mismatches (run_id, provider_kind, kind, reference, ours, theirs, detected_at) VALUES ($1, 'payouts', 'looks_odd', 'x', '{}', '{}', now())",
        [run.id],
      ),
    ).rejects.toThrow(/reconciliation_mismatches_kind/);
    await expect(t.database.query("UPDATE reconciliation_mismatches SET reference = 'other' WHERE id = $1", [open[0]!.id])).rejects.toThrow(
      /only gets its resolution/,
    );

    for (const mismatch of open)
      await resolveMismatch(t.database.db, clock, admin, {
        id: Number(mismatch.id),
        note: `Checked ${mismatch.reference} in the dashboard`,
      });
    await expect(resolveMismatch(t.database.db, clock, admin, { id: Number(open[0]!.id), note: 'again' })).rejects.toMatchObject({
      status: 409,
    });
    await expect(resolveMismatch(t.database.db, clock, reviewer, { id: Number(open[0]!.id), note: 'x' })).rejects.toMatchObject({
      status: 403,
    });
    const audit = await t.database.query<{ action: string }>("SELECT action FROM staff_audit_log WHERE action = 'reconciliation.resolve'");
    expect(audit).toHaveLength(4);
    expect(await incidents('reconciliation_mismatch')).toEqual([{ resolved: true }]);
  });
});
