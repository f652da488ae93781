import type { SalesSummaryResponse } from '@wise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/lib/clock';
import { SandboxPayouts } from '../src/providers/payouts/index';
import { createTestApp, get, post, type TestApp } from './support/app';
import { payoutTestDeps, payoutWorker } from './support/payouts';
import { addBankDetails, sellGiftCard } from './support/sales';
import { createStaff, type TestStaff } from './support/staff';
import { createCustomer, type TestUser } from './support/users';

/**
 * GET /api/sales/summary (Home's "Your sales", the Wallet): the customer's own sales by where their
 * money is — in review, being paid, failed at the bank, paid today and this month (Africa/Lagos) —
 * at the quote before approval and the approved amount after; rejected sales and other customers'
 * sales count nowhere.
 */

// 09:00 UTC is 10:00 in Lagos, on the first of the month.
const clock = new ManualClock('2026-07-01T09:00:00Z');
const DELAY_MS = 3000;
let t: TestApp;
let worker: ReturnType<typeof payoutWorker>;
let reviewer: TestStaff;

beforeAll(async () => {
  let sandbox!: SandboxPayouts;
  t = await createTestApp({ clock, payouts: (database) => (sandbox = new SandboxPayouts(database.db, DELAY_MS, clock)) });
  worker = payoutWorker(t, payoutTestDeps(sandbox, clock, { PAYOUT_SANDBOX_DELAY_MS: String(DELAY_MS) }));
  reviewer = await createStaff(t, { role: 'reviewer' });
});
afterAll(async () => {
  await t?.close();
});

let seed = 900;
async function sell(customer: TestUser): Promise<{ id: string; valueKobo: number }> {
  seed += 1;
  const sale = await sellGiftCard(t, customer, { seed });
  return { id: sale.id, valueKobo: sale.amount_kobo };
}

async function approve(saleId: string) {
  const response = await post(t.app, `/api/admin/sales/${saleId}/approve`, { confirm_code: reviewer.code() }, reviewer.cookie);
  expect(response.statusCode, response.body).toBe(200);
}

async function settle() {
  await worker.runDue();
  clock.advance(DELAY_MS + 500);
  await worker.runDue();
}

async function summary(customer: TestUser): Promise<SalesSummaryResponse> {
  const response = await get(t.app, '/api/sales/summary', customer.cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SalesSummaryResponse>();
}

describe('GET /api/sales/summary', () => {
  it('sorts the customer’s sales by where the money is, and counts nobody else’s', async () => {
    const ada = await createCustomer(t);
    await addBankDetails(t, ada);
    const stranger = await createCustomer(t);
    await addBankDetails(t, stranger, '0123451111');

    expect(await summary(ada)).toEqual({
      waiting: { count: 0, amount_kobo: 0 },
      paying: { count: 0, amount_kobo: 0 },
      failed: { count: 0, amount_kobo: 0, sale_ids: [] },
      paid_today: { count: 0, amount_kobo: 0 },
      paid_this_month: { count: 0, amount_kobo: 0 },
    });

    const paid = await sell(ada);
    await approve(paid.id);
    // Another customer's failed payout is theirs alone.
    const theirs = await sell(stranger);
    await approve(theirs.id);
    await settle();
    const paying = await sell(ada);
    await approve(paying.id);
    const waitingOne = await sell(ada);
    const waitingTwo = await sell(ada);
    const rejected = await sell(ada);
    const rejection = await post(t.app, `/api/admin/sales/${rejected.id}/reject`, { reason: 'invalid_code' }, reviewer.cookie);
    expect(rejection.statusCode, rejection.body).toBe(200);

    const mine = await summary(ada);
    expect(mine.waiting).toEqual({ count: 2, amount_kobo: waitingOne.valueKobo + waitingTwo.valueKobo });
    expect(mine.paying).toEqual({ count: 1, amount_kobo: paying.valueKobo });
    expect(mine.failed).toEqual({ count: 0, amount_kobo: 0, sale_ids: [] });
    expect(mine.paid_today).toEqual({ count: 1, amount_kobo: paid.valueKobo });
    expect(mine.paid_this_month).toEqual({ count: 1, amount_kobo: paid.valueKobo });

    const strangers = await summary(stranger);
    expect(strangers.failed).toEqual({ count: 1, amount_kobo: theirs.valueKobo, sale_ids: [theirs.id] });
    expect(strangers.paying.count).toBe(0);
  });

  it('"today" and "this month" are the business day and month in Africa/Lagos', async () => {
    clock.set('2026-07-14T22:30:00Z'); // 23:30 on the 14th in Lagos
    reviewer = await createStaff(t, { role: 'reviewer' }); // the first one's session has long ended
    const customer = await createCustomer(t);
    await addBankDetails(t, customer);
    const sale = await sell(customer);
    await approve(sale.id);
    await settle();
    expect((await summary(customer)).paid_today.count).toBe(1);
    clock.set('2026-07-14T23:05:00Z'); // 00:05 on the 15th in Lagos: a new day, the same month
    expect(await summary(customer)).toMatchObject({
      paid_today: { count: 0, amount_kobo: 0 },
      paid_this_month: { count: 1, amount_kobo: sale.valueKobo },
    });
    clock.set('2026-07-31T23:30:00Z'); // 00:30 on 1 August in Lagos
    expect((await summary(customer)).paid_this_month).toEqual({ count: 0, amount_kobo: 0 });
  });

  it('needs a session', async () => {
    expect((await get(t.app, '/api/sales/summary')).statusCode).toBe(401);
  });
});
