import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advancePayout } from '../src/domain/payouts/advance';
import { payoutReference } from '../src/domain/payouts/payouts';
import { getClaimableRewards } from '../src/domain/rewards/rewards';
import type { StaffPrincipal } from '../src/domain/staff/principal';
import { ManualClock } from '../src/lib/clock';
import { SandboxPayouts } from '../src/providers/payouts/index';
import { createTestApp, get, type TestApp } from './support/app';
import { approveSale, insertStaff, payoutRows, payoutTestDeps, payoutWorker, saleRow } from './support/payouts';
import { addBankDetails, sellGiftCard } from './support/sales';
import { createCustomer } from './support/users';

/**
 * The offline sandbox (no PAYOUT_SECRET_KEY): paid after PAYOUT_SANDBOX_DELAY_MS, accounts ending
 * 1111 fail, 2222 stay pending; the customer sees the sale successful with its reward; the
 * recovery sweep finishes an attempt a crash left behind; the webhook refuses everything.
 */

const clock = new ManualClock('2026-07-01T09:00:00Z');
const DELAY_MS = 3000;
let t: TestApp;
let sandbox: SandboxPayouts;
let deps: ReturnType<typeof payoutTestDeps>;
let worker: ReturnType<typeof payoutWorker>;
let staff: StaffPrincipal;

beforeAll(async () => {
  t = await createTestApp({ clock, payouts: (database) => (sandbox = new SandboxPayouts(database.db, DELAY_MS, clock)) });
  deps = payoutTestDeps(sandbox, clock, { PAYOUT_SANDBOX_DELAY_MS: String(DELAY_MS) });
  worker = payoutWorker(t, deps);
  staff = await insertStaff(t.database);
});
afterAll(async () => {
  await t?.close();
});

let seed = 100;
async function approvedSale(account = '0123456789') {
  const customer = await createCustomer(t);
  await addBankDetails(t, customer, account);
  seed += 1;
  const sale = await sellGiftCard(t, customer, { seed });
  return { customer, sale, ...(await approveSale(t.database, clock, sale.id, staff.id)) };
}

describe('the payout sandbox', () => {
  it('is what the app uses without PAYOUT_SECRET_KEY', async () => {
    const { createPayoutProvider } = await import('../src/providers/payouts/index');
    expect(
      createPayoutProvider(
        {
          PAYOUT_SECRET_KEY: undefined,
          PAYOUT_BASE_URL: 'https://api.paystack.co',
          PAYOUT_TIMEOUT_MS: 1000,
          PAYOUT_SANDBOX_DELAY_MS: 3000,
        },
        t.database.db,
      ).name,
    ).toBe('sandbox');
    expect(payoutTestDeps(sandbox, clock).settings.firstCheckDelayMs).toBe(3025);
  });

  it('pays after the delay: pending first, then the sale successful for the customer with a claimable reward', async () => {
    const { customer, sale } = await approvedSale();
    await worker.runDue();
    expect(await payoutRows(t.database, sale.id)).toMatchObject([{ status: 'pending' }]);
    const pending = await get(t.app, `/api/transactions/${sale.id}`, customer.cookie);
    expect(pending.body).toMatch(/"status":"pending"/);

    clock.advance(DELAY_MS + 500);
    await worker.runDue();
    expect(await payoutRows(t.database, sale.id)).toMatchObject([
      { status: 'success', provider_reference: expect.stringMatching(/^TRF_sandbox_/) },
    ]);
    expect(await saleRow(t.database, sale.id)).toMatchObject({ status: 'paid' });
    const detail = await get(t.app, `/api/transactions/${sale.id}`, customer.cookie);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.body).toMatch(/"status":"successful"/);
    const value = Number((await t.database.query<{ v: string }>('SELECT value_kobo::text AS v FROM sales WHERE id = $1', [sale.id]))[0]!.v);
    expect(await getClaimableRewards(t.database.db, customer.id)).toBe(Math.floor(value / 100_000));
    const rewards = await get(t.app, '/api/rewards/total', customer.cookie);
    expect(rewards.json()).toMatchObject({ claimable: Math.floor(value / 100_000) });
    expect(t.outbox.list().filter((m) => m.to === customer.email && /has been paid/.test(m.subject ?? ''))).toHaveLength(1);
    expect(await sandbox.transferCount()).toBeGreaterThan(0);
  });

  it('fails an account ending 1111 after the delay; the sale waits for staff', async () => {
    const { sale } = await approvedSale('0123451111');
    await worker.runDue();
    clock.advance(DELAY_MS + 500);
    await worker.runDue();
    expect(await payoutRows(t.database, sale.id)).toMatchObject([{ status: 'failed', failure_reason: expect.stringMatching(/declined/) }]);
    expect(await saleRow(t.database, sale.id)).toMatchObject({ status: 'approved' });
  });

  it('keeps an account ending 2222 pending, asking again with back-off', async () => {
    const { sale } = await approvedSale('0123452222');
    await worker.runDue();
    for (let i = 0; i < 5; i += 1) {
      clock.advance(60_000);
      await worker.runDue();
    }
    expect(await payoutRows(t.database, sale.id)).toMatchObject([{ status: 'pending' }]);
    expect(await saleRow(t.database, sale.id)).toMatchObject({ status: 'approved' });
  });

  it('after a crash mid-send (attempt left sending, its job gone), the sweep resends with the same reference', async () => {
    const { sale, payoutId, reference } = await approvedSale();
    // What a process killed right after the claim leaves: the attempt `sending`, its job no longer queued.
    await t.database.query("UPDATE payouts SET status = 'sending', sent_at = $2 WHERE id = $1", [payoutId, clock.now()]);
    await t.database.query(
      "UPDATE jobs SET status = 'failed', finished_at = now() WHERE name = 'payouts.send' AND payload->>'payoutId' = $1",
      [payoutId],
    );
    await worker.runDue();
    expect(await payoutRows(t.database, sale.id)).toMatchObject([{ status: 'sending' }]);

    // The sweep waits until any live sender would have given up.
    const { recoverStuckPayouts } = await import('../src/domain/payouts/recover');
    expect(await recoverStuckPayouts(t.database.db, deps)).toEqual([]);
    clock.advance(deps.settings.staleAfterMs + 1000);
    expect(await recoverStuckPayouts(t.database.db, deps)).toEqual([payoutId]);
    // Twice in one slot: one job.
    expect(await recoverStuckPayouts(t.database.db, deps)).toEqual([]);
    await worker.runDue();
    clock.advance(DELAY_MS + 500);
    await worker.runDue();
    expect(await payoutRows(t.database, sale.id)).toMatchObject([{ status: 'success', reference }]);
    expect(reference).toBe(payoutReference(sale.id, 1));
    expect(await saleRow(t.database, sale.id)).toMatchObject({ status: 'paid' });
    expect(await advancePayout(t.database.db, deps, payoutId)).toBe('success');
  });

  it('keeps its transfers in the database: another instance sees them, a resend there is a duplicate, a restart forgets none', async () => {
    const { sale, reference } = await approvedSale();
    await worker.runDue();
    expect(await payoutRows(t.database, sale.id)).toMatchObject([{ status: 'pending' }]);
    // A second instance (or this one after a restart) on the same database: a new sandbox object.
    const other = new SandboxPayouts(t.database.db, DELAY_MS, clock);
    expect(await other.fetchTransfer(reference)).toMatchObject({ outcome: 'found', state: { status: 'pending' } });
    const recipient = await other.createRecipient({ bankCode: '058', accountNumber: '0123456789', accountName: 'Ada Obi' });
    if (recipient.outcome !== 'created') throw new Error('no recipient');
    expect(await other.initiateTransfer({ reference, recipientCode: recipient.recipientCode, amountKobo: 1000, reason: 'resend' })).toEqual(
      { outcome: 'duplicate' },
    );
    clock.advance(DELAY_MS + 500);
    expect(await other.fetchTransfer(reference)).toMatchObject({ outcome: 'found', state: { status: 'success' } });
    expect(await other.fetchTransfer('wpo_0000000000000000_a9')).toEqual({ outcome: 'not_found' });
    expect(await other.createRecipient({ bankCode: '058', accountNumber: '12345', accountName: 'Short' })).toMatchObject({
      outcome: 'refused',
    });
    expect(
      await other.initiateTransfer({ reference: 'wpo_1111111111111111_a1', recipientCode: 'RCP_unknown', amountKobo: 1000, reason: 'x' }),
    ).toMatchObject({ outcome: 'refused' });
  });

  it('refuses every webhook: the sandbox has no secret to check a signature with', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/payouts/paystack/webhook',
      payload: JSON.stringify({ event: 'transfer.success', data: { reference: 'wpo_0000000000000000_a1', status: 'success' } }),
      headers: { 'content-type': 'application/json', 'x-paystack-signature': 'ab'.repeat(64) },
    });
    expect(response.statusCode).toBe(401);
  });
});
