import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { advancePayout } from '../src/domain/payouts/advance';
import { getSalePayouts, payoutReference, startPayout } from '../src/domain/payouts/payouts';
import type { PayoutDeps } from '../src/domain/payouts/settings';
import { DomainError } from '../src/domain/errors';
import { recordManualPayout, retryPayout } from '../src/domain/payouts/staff';
import { getClaimableRewards } from '../src/domain/rewards/rewards';
import { ManualClock } from '../src/lib/clock';
import type { TestApp } from './support/app';
import type { FakePaystack } from './support/fake-paystack';
import { startPaystackBed, type PaystackBed } from './support/paystack-bed';
import { approveSale, confirmation, payoutRows, saleRow, staffPayoutTestDeps } from './support/payouts';
import { addBankDetails, sellGiftCard } from './support/sales';
import { createCustomer, type TestUser } from './support/users';
import type { StaffPrincipal } from '../src/domain/staff/principal';

/**
 * Payouts with the real Paystack client against the local fake (test/support/fake-paystack.ts):
 * success, failure and retry, pending then webhook, replayed and forged webhooks, timeouts and
 * lost answers followed by the status query — and, whatever happens, one transfer per attempt.
 */

const clock = new ManualClock('2026-07-01T09:00:00Z');
const WEBHOOK = '/api/payouts/paystack/webhook';
let fake: FakePaystack;
let t: TestApp;
let deps: PayoutDeps;
let worker: PaystackBed['worker'];
let reviewer: StaffPrincipal;
let admin: StaffPrincipal;

beforeAll(async () => {
  ({ fake, t, deps, worker, reviewer, admin } = await startPaystackBed(clock));
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(() => {
  fake.transferBehaviour = 'success';
  fake.transferBehaviourFor.clear();
  fake.verifyFailWith = undefined;
  fake.failWith = undefined;
});

let seed = 0;
async function approvedSale(user?: TestUser) {
  const customer = user ?? (await createCustomer(t));
  if (!user) await addBankDetails(t, customer);
  seed += 1;
  const sale = await sellGiftCard(t, customer, { seed });
  const started = await approveSale(t.database, clock, sale.id, reviewer.id);
  return { customer, sale, ...started };
}

const notes = async (userId: string) =>
  (await t.database.query<{ message: string }>('SELECT message FROM notifications WHERE user_id = $1 ORDER BY created_at', [userId])).map(
    (n) => n.message,
  );
const paidMails = (to: string) => t.outbox.list().filter((m) => m.to === to && /has been paid/.test(m.subject ?? ''));
const valueOf = async (saleId: string) =>
  Number((await t.database.query<{ v: string }>('SELECT value_kobo::text AS v FROM sales WHERE id = $1', [saleId]))[0]!.v);
const rewardRows = async (saleId: string) =>
  (await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM gem_rewards WHERE source = $1', [`sale:${saleId}`]))[0]!.n;
const emailJobsFor = async (to: string) =>
  (
    await t.database.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM jobs WHERE name = 'notifications.send_email' AND payload->>'to' = $1 AND payload->>'subject' LIKE '%has been paid'",
      [to],
    )
  )[0]!.n;

function webhook(event: 'transfer.success' | 'transfer.failed' | 'transfer.reversed', reference: string, signature?: string) {
  const signed = fake.webhookFor(event, reference);
  return t.app.inject({
    method: 'POST',
    url: WEBHOOK,
    payload: signed.body,
    headers: { 'content-type': 'application/json', ...(signature === '' ? {} : { 'x-paystack-signature': signature ?? signed.signature }) },
  });
}

describe('a payout through Paystack', () => {
  it('pays at once: one transfer with our reference, the sale paid, reward, notification and e-mail', async () => {
    const { customer, sale, reference } = await approvedSale();
    expect(reference).toBe(payoutReference(sale.id, 1));
    expect(await payoutRows(t.database, sale.id)).toMatchObject([{ attempt: 1, status: 'queued', method: 'transfer' }]);

    await worker.runDue();

    const transfer = fake.transfers.get(reference);
    const value = await valueOf(sale.id);
    expect(transfer).toMatchObject({ amount: value, status: 'success', reason: 'Wise sale payout' });
    expect(fake.transferPosts.get(reference)).toBe(1);
    const recipientCall = fake.requests.find((r) => r.method === 'POST' && r.url === '/transferrecipient');
    expect(recipientCall?.authorization).toBe(`Bearer ${fake.secretKey}`);
    expect(await payoutRows(t.database, sale.id)).toMatchObject([{ status: 'success', provider_reference: transfer!.transferCode }]);
    expect(await saleRow(t.database, sale.id)).toMatchObject({ status: 'paid', payout_reference: transfer!.transferCode });
    const gems = Math.floor(value / 100_000);
    expect(await getClaimableRewards(t.database.db, customer.id)).toBe(gems);
    const messages = await notes(customer.id);
    expect(messages.at(-1)).toMatch(/^Your Amazon.* sale of ₦[\d,]+\.\d{2} has been paid to .+ ••6789\./);
    // The e-mail leaves through the queue: the job ran in the same runDue.
    const mails = paidMails(customer.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(transfer!.transferCode);

    const [attempt] = await getSalePayouts(t.database.db, sale.id);
    expect(attempt).toMatchObject({
      attempt: 1,
      reference,
      method: 'transfer',
      status: 'success',
      amount_kobo: value,
      provider_reference: transfer!.transferCode,
      failure_reason: null,
    });
    expect(attempt!.sent_at).not.toBeNull();
    expect(attempt!.settled_at).not.toBeNull();

    // Nothing left to do, and doing it again changes nothing.
    expect(await advancePayout(t.database.db, deps, attempt!.id)).toBe('success');
    expect(fake.transferPosts.get(reference)).toBe(1);
  });

  it('fails when the bank declines: the sale stays approved; a retry is a new attempt with a new reference', async () => {
    const { customer, sale, reference } = await approvedSale();
    fake.transferBehaviour = 'failed';
    await worker.runDue();
    expect(await payoutRows(t.database, sale.id)).toMatchObject([
      { status: 'failed', failure_reason: expect.stringMatching(/did not complete/) },
    ]);
    expect(await saleRow(t.database, sale.id)).toMatchObject({ status: 'approved', payout_reference: null });
    expect(await notes(customer.id)).not.toContainEqual(expect.stringMatching(/has been paid/));

    // The staff member's confirmation is checked first: refused, nothing is sent.
    const refusing = staffPayoutTestDeps(t.database.db, clock, async (staffId, given) => {
      expect([staffId, given]).toEqual([reviewer.id, confirmation]);
      throw new DomainError('CONFIRMATION_INVALID', 'That code is not right', 403);
    });
    await expect(retryPayout(refusing, { confirmation, saleId: sale.id, staff: reviewer })).rejects.toMatchObject({
      status: 403,
      code: 'CONFIRMATION_INVALID',
    });
    expect(await payoutRows(t.database, sale.id)).toHaveLength(1);

    fake.transferBehaviour = 'success';
    const retried = await retryPayout(staffPayoutTestDeps(t.database.db, clock), {
      confirmation,
      saleId: sale.id,
      staff: reviewer,
      ip: '127.0.0.1',
    });
    expect(retried).toMatchObject({ attempt: 2, reference: payoutReference(sale.id, 2), status: 'queued' });
    await expect(
      retryPayout(staffPayoutTestDeps(t.database.db, clock), { confirmation, saleId: sale.id, staff: reviewer }),
    ).rejects.toMatchObject({ status: 409, code: 'PAYOUT_NOT_FAILED' });
    await worker.runDue();
    expect(await payoutRows(t.database, sale.id)).toMatchObject([
      { attempt: 1, status: 'failed' },
      { attempt: 2, status: 'success' },
    ]);
    expect(await saleRow(t.database, sale.id)).toMatchObject({ status: 'paid' });
    expect(fake.transferPosts.get(reference)).toBe(1);
    expect(fake.transferPosts.get(payoutReference(sale.id, 2))).toBe(1);
    const audit = await t.database.query<{ action: string; staff_id: string; ip: string }>(
      "SELECT action, staff_id, ip FROM staff_audit_log WHERE target_id = $1 AND action = 'payout.retry'",
      [sale.id],
    );
    expect(audit).toEqual([{ action: 'payout.retry', staff_id: reviewer.id, ip: '127.0.0.1' }]);
    await expect(
      retryPayout(staffPayoutTestDeps(t.database.db, clock), { confirmation, saleId: sale.id, staff: reviewer }),
    ).rejects.toMatchObject({ status: 409 });
  });

  it('starts no second attempt beside one that has not failed, and the next after a failure is attempt 2', async () => {
    const { sale } = await approvedSale();
    const again = () => t.database.db.transaction((tx) => startPayout(tx, clock, { saleId: sale.id, staffId: reviewer.id }));
    await expect(again()).rejects.toMatchObject({ status: 409, code: 'PAYOUT_IN_PROGRESS' });
    fake.transferBehaviour = 'failed';
    await worker.runDue();
    expect(await again()).toMatchObject({ reference: payoutReference(sale.id, 2) });
    await expect(again()).rejects.toMatchObject({ status: 409, code: 'PAYOUT_IN_PROGRESS' });
    expect(await payoutRows(t.database, sale.id)).toMatchObject([
      { attempt: 1, status: 'failed' },
      { attempt: 2, status: 'queued' },
    ]);
  });

  it('holds the payout waiting for funds when Paystack refuses it for want of money, and makes none', async () => {
    const { sale, reference } = await approvedSale();
    fake.transferBehaviour = 'refused';
    await worker.runDue();
    // Not the customer's failure: held (docs/decisions.md §5c), sent again once the float covers it.
    expect(await payoutRows(t.database, sale.id)).toMatchObject([{ status: 'sending', failure_reason: null }]);
    const [held] = await t.database.query<{ hold: string | null }>('SELECT hold FROM payouts WHERE sale_id = $1', [sale.id]);
    expect(held?.hold).toBe('waiting_for_funds');
    expect(fake.transfers.has(reference)).toBe(false);
  });

  it('stays pending until the webhook says success; a replayed webhook changes nothing', async () => {
    const { customer, sale, reference } = await approvedSale();
    fake.transferBehaviour = 'pending';
    await worker.runDue();
    expect(await payoutRows(t.database, sale.id)).toMatchObject([{ status: 'pending' }]);
    expect(await saleRow(t.database, sale.id)).toMatchObject({ status: 'approved' });

    fake.settle(reference, 'success');
    const first = await webhook('transfer.success', reference);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ received: true });
    expect(await saleRow(t.database, sale.id)).toMatchObject({
      status: 'paid',
      payout_reference: fake.transfers.get(reference)!.transferCode,
    });
    const after = {
      notes: (await notes(customer.id)).length,
      rewards: await rewardRows(sale.id),
      mails: await emailJobsFor(customer.email),
      gems: await getClaimableRewards(t.database.db, customer.id),
    };
    expect(after.rewards).toBe(1);
    expect(after.mails).toBe(1);

    for (let i = 0; i < 3; i += 1) expect((await webhook('transfer.success', reference)).statusCode).toBe(200);
    expect(await saleRow(t.database, sale.id)).toMatchObject({ status: 'paid' });
    expect(await payoutRows(t.database, sale.id)).toMatchObject([{ status: 'success' }]);
    expect({
      notes: (await notes(customer.id)).length,
      rewards: await rewardRows(sale.id),
      mails: await emailJobsFor(customer.email),
      gems: await getClaimableRewards(t.database.db, customer.id),
    }).toEqual(after);
    // (A failure or reversal reported after success reopens the sale: payouts-reversals.test.ts.)

    // The scheduled status query finds it settled and does nothing.
    clock.advance(60_000);
    await worker.runDue();
    expect(fake.transferPosts.get(reference)).toBe(1);
    expect(paidMails(customer.email)).toHaveLength(1);
  });

  it('settles a pending transfer by the status query when no webhook comes', async () => {
    const { sale, reference } = await approvedSale();
    fake.transferBehaviour = 'pending';
    await worker.runDue();
    clock.advance(deps.settings.firstCheckDelayMs + 1000);
    await worker.runDue();
    expect(await payoutRows(t.database, sale.id)).toMatchObject([{ status: 'pending' }]);
    fake.settle(reference, 'failed');
    clock.advance(deps.settings.checkBackoff.baseMs + 1000);
    await worker.runDue();
    expect(await payoutRows(t.database, sale.id)).toMatchObject([{ status: 'failed' }]);
    expect(fake.transferPosts.get(reference)).toBe(1);
  });

  it('refuses a webhook without a valid signature (401) and changes nothing', async () => {
    const { sale, reference } = await approvedSale();
    fake.transferBehaviour = 'pending';
    await worker.runDue();
    fake.settle(reference, 'success');
    const forged = await webhook('transfer.success', reference, 'ab'.repeat(64));
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect((await webhook('transfer.success', reference, '')).statusCode).toBe(401);
    // The right signature over other bytes.
    const signed = fake.webhookFor('transfer.success', reference);
    const tampered = await t.app.inject({
      method: 'POST',
      url: WEBHOOK,
      payload: signed.body.replace('"amount":', '"amount": '),
      headers: { 'content-type': 'application/json', 'x-paystack-signature': signed.signature },
    });
    expect(tampered.statusCode).toBe(401);
    expect(await payoutRows(t.database, sale.id)).toMatchObject([{ status: 'pending' }]);
    expect(await saleRow(t.database, sale.id)).toMatchObject({ status: 'approved' });
    // The genuine one still works afterwards.
    expect((await webhook('transfer.success', reference)).statusCode).toBe(200);
    expect(await saleRow(t.database, sale.id)).toMatchObject({ status: 'paid' });
  });

  it('acknowledges events it has no use for, and transfers that are not ours', async () => {
    const body = JSON.stringify({ event: 'charge.success', data: { reference: 'whatever' } });
    const { createHmac } = await import('node:crypto');
    const signature = createHmac('sha512', fake.secretKey).update(body).digest('hex');
    const other = await t.app.inject({
      method: 'POST',
      url: WEBHOOK,
      payload: body,
      headers: { 'content-type': 'application/json', 'x-paystack-signature': signature },
    });
    expect(other.statusCode).toBe(200);
    const foreign = JSON.stringify({
      event: 'transfer.success',
      data: { reference: 'someone_elses_reference_1', status: 'success', amount: 100, transfer_code: 'TRF_x' },
    });
    const foreignSig = createHmac('sha512', fake.secretKey).update(foreign).digest('hex');
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: WEBHOOK,
          payload: foreign,
          headers: { 'content-type': 'application/json', 'x-paystack-signature': foreignSig },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('after a timeout asks by reference and finds the transfer: no second transfer', async () => {
    const { sale, reference } = await approvedSale();
    fake.transferBehaviour = 'hang';
    fake.hangMs = 10_000;
    await worker.runDue();
    // The client gave up after 2 s; the status query found the transfer Paystack had made.
    expect(fake.transferPosts.get(reference)).toBe(1);
    expect(fake.requests.some((r) => r.url === `/transfer/verify/${reference}`)).toBe(true);
    expect(await payoutRows(t.database, sale.id)).toMatchObject([{ status: 'pending' }]);
    fake.settle(reference, 'success');
    expect((await webhook('transfer.success', reference)).statusCode).toBe(200);
    expect(await saleRow(t.database, sale.id)).toMatchObject({ status: 'paid' });
    expect(fake.transfers.size).toBeGreaterThan(0);
    expect(fake.transferPosts.get(reference)).toBe(1);
  });

  it('after a 502 with the status query down too, keeps asking; never resends while Paystack may have it', async () => {
    const { sale, reference } = await approvedSale();
    fake.transferBehaviour = 'error-after';
    fake.verifyFailWith = 500;
    await worker.runDue();
    expect(await payoutRows(t.database, sale.id)).toMatchObject([{ status: 'sending' }]);
    expect(fake.transferPosts.get(reference)).toBe(1);
    // The send job's retry asks first; still no answer → still sending, still one POST.
    clock.advance(deps.settings.sendBackoff.baseMs + 100);
    await worker.runDue();
    expect(fake.transferPosts.get(reference)).toBe(1);
    fake.verifyFailWith = undefined;
    fake.settle(reference, 'success');
    clock.advance(4 * deps.settings.sendBackoff.baseMs);
    await worker.runDue();
    expect(await payoutRows(t.database, sale.id)).toMatchObject([{ status: 'success' }]);
    expect(await saleRow(t.database, sale.id)).toMatchObject({ status: 'paid' });
    expect(fake.transferPosts.get(reference)).toBe(1);
  });

  it('when the request never reached Paystack, resends with the same reference', async () => {
    const { sale, reference } = await approvedSale();
    // An outage on the first POST only: nothing made, the status query says "not found".
    fake.dropTransfers = 1;
    await worker.runDue();
    expect(fake.dropTransfers).toBe(0);
    expect(fake.transferPosts.get(reference)).toBe(2);
    expect([...fake.transfers.values()].filter((tr) => tr.reference === reference)).toHaveLength(1);
    expect(await payoutRows(t.database, sale.id)).toMatchObject([{ status: 'success' }]);
    expect(await saleRow(t.database, sale.id)).toMatchObject({ status: 'paid' });
  });

  it('two senders at once make one transfer', async () => {
    const { sale, reference, payoutId } = await approvedSale();
    fake.transferBehaviour = 'pending';
    const outcomes = await Promise.all([
      advancePayout(t.database.db, deps, payoutId),
      advancePayout(t.database.db, deps, payoutId),
      advancePayout(t.database.db, deps, payoutId),
    ]);
    expect(outcomes.every((o) => o === 'pending' || o === 'sending')).toBe(true);
    expect(fake.transfers.has(reference)).toBe(true);
    expect(await payoutRows(t.database, sale.id)).toHaveLength(1);
    fake.settle(reference, 'success');
    await Promise.all([
      webhook('transfer.success', reference),
      advancePayout(t.database.db, deps, payoutId),
      webhook('transfer.success', reference),
    ]);
    expect(await saleRow(t.database, sale.id)).toMatchObject({ status: 'paid' });
    expect(await rewardRows(sale.id)).toBe(1);
    // Paystack made one transfer for the reference, however many POSTs it got.
    expect([...fake.transfers.values()].filter((tr) => tr.reference === reference)).toHaveLength(1);
  });
});

describe('manual payment after a failure', () => {
  it('admins only, only after a failed attempt; pays the sale like a transfer, audited', async () => {
    const { customer, sale } = await approvedSale();
    await expect(
      recordManualPayout(staffPayoutTestDeps(t.database.db, clock), {
        confirmation,
        saleId: sale.id,
        staff: admin,
        reference: 'BANK-123',
        note: 'Paid from the ops account',
      }),
    ).rejects.toMatchObject({
      status: 409,
    });
    fake.transferBehaviour = 'failed';
    await worker.runDue();
    await expect(
      recordManualPayout(staffPayoutTestDeps(t.database.db, clock), {
        confirmation,
        saleId: sale.id,
        staff: reviewer,
        reference: 'BANK-123',
        note: 'Paid by hand',
      }),
    ).rejects.toMatchObject({ status: 403 });
    await expect(
      recordManualPayout(staffPayoutTestDeps(t.database.db, clock), {
        confirmation,
        saleId: sale.id,
        staff: admin,
        reference: ' ',
        note: 'Paid by hand',
      }),
    ).rejects.toMatchObject({ status: 400 });
    const refused = () => Promise.reject(new DomainError('CONFIRMATION_INVALID', 'That code is not right', 403));
    await expect(
      recordManualPayout(staffPayoutTestDeps(t.database.db, clock, refused), {
        confirmation,
        saleId: sale.id,
        staff: admin,
        reference: 'BANK-123',
        note: 'Paid by hand',
      }),
    ).rejects.toMatchObject({ status: 403, code: 'CONFIRMATION_INVALID' });
    expect(await saleRow(t.database, sale.id)).toMatchObject({ status: 'approved' });
    const manual = await recordManualPayout(staffPayoutTestDeps(t.database.db, clock), {
      confirmation,
      saleId: sale.id,
      staff: admin,
      reference: 'GTB-20260701-0042',
      note: 'Paid from the ops account by bank app',
      ip: '10.0.0.1',
    });
    expect(manual).toMatchObject({
      attempt: 2,
      method: 'manual',
      status: 'success',
      provider_reference: 'GTB-20260701-0042',
      note: 'Paid from the ops account by bank app',
    });
    expect(await saleRow(t.database, sale.id)).toMatchObject({ status: 'paid', payout_reference: 'GTB-20260701-0042' });
    expect(await rewardRows(sale.id)).toBe(1);
    expect((await notes(customer.id)).at(-1)).toMatch(/has been paid/);
    const audit = await t.database.query<{ action: string; note: string }>(
      "SELECT action, note FROM staff_audit_log WHERE target_id = $1 AND action = 'payout.manual'",
      [sale.id],
    );
    expect(audit).toEqual([{ action: 'payout.manual', note: 'Paid from the ops account by bank app' }]);
    await expect(
      retryPayout(staffPayoutTestDeps(t.database.db, clock), { confirmation, saleId: sale.id, staff: reviewer }),
    ).rejects.toMatchObject({ status: 409 });
    await expect(
      recordManualPayout(staffPayoutTestDeps(t.database.db, clock), {
        confirmation,
        saleId: sale.id,
        staff: admin,
        reference: 'X',
        note: 'again',
      }),
    ).rejects.toMatchObject({ status: 409 });
  });
});
