import { randomUUID } from 'node:crypto';
import {
  formatKobo,
  formatRate,
  maskAccountNumber,
  type AnyTransactionDetailResponse,
  type ReviewTimeResponse,
  type SaleDetail,
} from '@wise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accrueReward, claimRewards } from '../src/domain/rewards/rewards';
import { medianReviewTime } from '../src/domain/sales/review-time';
import { ManualClock } from '../src/lib/clock';
import { SandboxPayouts } from '../src/providers/payouts/index';
import { createTestApp, get, post, type TestApp } from './support/app';
import { approveSale, insertStaff, payoutTestDeps, payoutWorker } from './support/payouts';
import { pdfText } from './support/pdf-text';
import { addBankDetails, sellGiftCard } from './support/sales';
import { createStaff, type TestStaff } from './support/staff';
import { createCustomer, type TestUser } from './support/users';

/**
 * Receipts (GET /api/transactions/:id/receipt.pdf): only the owner gets one, a PDF whose text says
 * the amounts to the kobo, the masked account, the references and the electricity token; and the
 * median review time the success screens show (GET /api/sales/review-time).
 */

const clock = new ManualClock('2026-07-01T09:00:00Z');
const DELAY_MS = 3000;
const ACCOUNT = '0123456789';
const PIN = '2580';
let t: TestApp;
let worker: ReturnType<typeof payoutWorker>;
let reviewer: TestStaff;
let owner: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  let sandbox!: SandboxPayouts;
  t = await createTestApp({ clock, payouts: (database) => (sandbox = new SandboxPayouts(database.db, DELAY_MS, clock)) });
  worker = payoutWorker(t, payoutTestDeps(sandbox, clock, { PAYOUT_SANDBOX_DELAY_MS: String(DELAY_MS) }));
  reviewer = await createStaff(t, { role: 'reviewer' });
  owner = await createCustomer(t, { full_name: 'Ada Obi-Okafor' });
  stranger = await createCustomer(t);
  await addBankDetails(t, owner, ACCOUNT);
  await addBankDetails(t, stranger);
});
afterAll(async () => {
  await t?.close();
});

let seed = 700;
const sell = async (amount = '50') => {
  seed += 1;
  return sellGiftCard(t, owner, { amount, seed });
};

const receipt = (id: string, user: TestUser) => get(t.app, `/api/transactions/${id}/receipt.pdf`, user.cookie);

async function detail(id: string): Promise<SaleDetail> {
  const response = await get(t.app, `/api/transactions/${id}`, owner.cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AnyTransactionDetailResponse>().transaction as SaleDetail;
}

async function settle() {
  await worker.runDue();
  clock.advance(DELAY_MS + 500);
  await worker.runDue();
}

describe('GET /api/transactions/:id/receipt.pdf', () => {
  it('gives the owner a PDF with the quote, the lower amount paid, the difference and its reason, the masked account and every time', async () => {
    const sale = await sell('50');
    clock.advance(5 * 60_000);
    const paidKobo = sale.value_kobo - 123_45;
    const approved = await post(
      t.app,
      `/api/admin/sales/${sale.id}/approve`,
      { payout_amount_kobo: paidKobo, reason: 'partially_used', confirm_code: reviewer.code() },
      reviewer.cookie,
    );
    expect(approved.statusCode, approved.body).toBe(200);
    await settle();
    const paid = await detail(sale.id);
    expect(paid.status).toBe('successful');
    expect(paid.decided_at).toBe('2026-07-01T09:05:00.000Z');

    const response = await receipt(sale.id, owner);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="wise-receipt-${sale.id.replace(/-/g, '').slice(0, 8)}.pdf"`,
    );
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // A long value wraps onto a second line of the PDF: read it as one.
    const text = pdfText(response.rawPayload).replace(/ ?\n/g, ' ');
    // The amounts to the kobo, from integers: the quote, what was paid and the gap between them.
    expect(text).toContain(formatKobo(sale.value_kobo));
    expect(text).toContain(formatKobo(paidKobo));
    expect(text).toContain('-₦123.45');
    expect(text).toContain('Part of the card balance had already been used');
    expect(text).toContain('Amount paid');
    expect(text).toContain('Successful');
    // The rate and the card amount as the sale recorded them.
    expect(text).toContain(formatRate(sale.exchange_rate, sale.currency));
    expect(text).toContain('$50.00');
    // The account masked: the last four only.
    expect(text).toContain(maskAccountNumber(ACCOUNT));
    expect(text).not.toContain(ACCOUNT);
    // The references: ours and the payout's.
    expect(paid.payout_reference).toBeTruthy();
    expect(text).toContain(paid.payout_reference!);
    // Every time in Africa/Lagos (UTC+1): submitted 09:00 UTC, reviewed 09:05 UTC.
    expect(text).toContain('Submitted');
    expect(text).toContain('1 Jul 2026, 10:00');
    expect(text).toContain('Reviewed (approved)');
    expect(text).toContain('1 Jul 2026, 10:05');
    expect(text).toContain('Paid');
    expect(text).toContain('Times are in Africa/Lagos.');
  });

  it('says why a rejected sale was rejected, with the message from staff', async () => {
    const sale = await sell('25');
    const rejected = await post(
      t.app,
      `/api/admin/sales/${sale.id}/reject`,
      { reason: 'unclear_images', message: 'Please send a sharper photo.' },
      reviewer.cookie,
    );
    expect(rejected.statusCode, rejected.body).toBe(200);
    const text = pdfText((await receipt(sale.id, owner)).rawPayload).replace(/ ?\n/g, ' ');
    expect(text).toContain('Rejected');
    expect(text).toContain('Why it was rejected');
    expect(text).toContain('The images are not clear enough to verify the card');
    expect(text).toContain('Please send a sharper photo.');
    expect(text).toContain(formatKobo(sale.value_kobo));
  });

  it("is a 404 for another customer's transaction and for none, and a 401 without a session", async () => {
    const sale = await sell('30');
    const theirs = await receipt(sale.id, stranger);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.headers['content-type']).toMatch(/application\/json/);
    expect(theirs.body).not.toContain(sale.id);
    expect((await receipt(randomUUID(), owner)).statusCode).toBe(404);
    expect((await get(t.app, `/api/transactions/not-a-uuid/receipt.pdf`, owner.cookie)).statusCode).toBe(400);
    expect((await get(t.app, `/api/transactions/${sale.id}/receipt.pdf`)).statusCode).toBe(401);
  });

  it('carries an electricity purchase’s token, units and the naira the gems paid', async () => {
    const buyer = await createCustomer(t);
    await accrueReward(t.database.db, clock, { userId: buyer.id, source: `seed:${randomUUID()}`, amount: 5000, description: 'Seed' });
    await claimRewards(t.database.db, clock, buyer.id);
    expect((await post(t.app, '/api/pin', { pin: PIN, confirm_pin: PIN }, buyer.cookie)).statusCode).toBe(200);
    const created = await post(
      t.app,
      '/api/bills/orders',
      { kind: 'electricity', provider: 'ikeja', meter_number: '45012345678', meter_type: 'prepaid', phone: '08031234567', amount: 2500 },
      buyer.cookie,
      { headers: { 'idempotency-key': randomUUID() } },
    );
    expect(created.statusCode, created.body).toBe(201);
    const orderId = created.json<{ order: { id: string } }>().order.id;
    const authorised = await post(t.app, `/api/bills/orders/${orderId}/authorise`, { pin: PIN }, buyer.cookie);
    expect(authorised.statusCode, authorised.body).toBe(200);
    const order = authorised.json<{ order: { token: string; units: string } }>().order;
    expect(order.token).toMatch(/\d{4}/);

    const response = await get(t.app, `/api/transactions/${orderId}/receipt.pdf`, buyer.cookie);
    expect(response.statusCode, response.body).toBe(200);
    const text = pdfText(response.rawPayload);
    expect(text).toContain(order.token);
    expect(text).toContain(order.units);
    expect(text).toContain('₦2,500.00');
    expect(text).toContain('2,500 Wise Gems');
    expect(text).toContain('Ikeja Electric');
    expect(text).toContain('45012345678');
    expect(text).toContain('Completed');
    expect((await get(t.app, `/api/transactions/${orderId}/receipt.pdf`, owner.cookie)).statusCode).toBe(404);
  });
});

describe('GET /api/sales/review-time', () => {
  it('is the median of the last 24 hours of decisions, computed by the database, and null when there were none', async () => {
    // A later window than the tests above: nothing decided in it yet.
    clock.set('2026-07-05T12:00:00Z');
    expect(await medianReviewTime(t.database.db, clock.now())).toEqual({ median_seconds: null, reviews: 0, window_hours: 24 });

    // Three sales decided after 10, 60 and 20 minutes (the median is 20).
    const staff = await insertStaff(t.database);
    for (const minutes of [10, 60, 20]) {
      const sale = await sell('25');
      clock.advance(minutes * 60_000);
      await approveSale(t.database, clock, sale.id, staff.id);
    }
    expect(await medianReviewTime(t.database.db, clock.now())).toEqual({ median_seconds: 20 * 60, reviews: 3, window_hours: 24 });
    // A rejection is a decision too; an even count takes the mean of the middle two: 10, 20, 60, 90 → 40 minutes.
    const rejected = await sell('25');
    clock.advance(90 * 60_000);
    await t.database.query(
      `UPDATE sales SET status = 'rejected', status_changed_at = $2, decided_at = $2, decided_by = $3, rejection_code = 'used_card', rejection_reason = 'The card has already been used' WHERE id = $1`,
      [rejected.id, clock.now().toISOString(), staff.id],
    );
    expect(await medianReviewTime(t.database.db, clock.now())).toEqual({ median_seconds: 40 * 60, reviews: 4, window_hours: 24 });
    // A sale still waiting is no decision: it changes nothing.
    await sell('25');
    expect((await medianReviewTime(t.database.db, clock.now())).reviews).toBe(4);
    // A day later, they have all left the window.
    clock.advance(24 * 3_600_000 + 1000);
    expect((await medianReviewTime(t.database.db, clock.now())).median_seconds).toBeNull();
  });

  it('answers a signed-in customer from a cache kept a minute', async () => {
    clock.set('2026-07-10T12:00:00Z');
    const first = await get(t.app, '/api/sales/review-time', owner.cookie);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<ReviewTimeResponse>()).toEqual({ median_seconds: null, reviews: 0, window_hours: 24 });

    const sale = await sell('25');
    clock.advance(30_000);
    await approveSale(t.database, clock, sale.id, (await insertStaff(t.database)).id);
    // Within the minute: the kept answer.
    expect((await get(t.app, '/api/sales/review-time', owner.cookie)).json<ReviewTimeResponse>().reviews).toBe(0);
    clock.advance(61_000);
    expect((await get(t.app, '/api/sales/review-time', owner.cookie)).json<ReviewTimeResponse>()).toEqual({
      median_seconds: 30,
      reviews: 1,
      window_hours: 24,
    });
    expect((await get(t.app, '/api/sales/review-time')).statusCode).toBe(401);
  });
});
