import type { AdminSaleDetailResponse } from '@wise/shared/admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/lib/clock';
import { SandboxPayouts } from '../src/providers/payouts/index';
import { createTestApp, get, post, type TestApp } from './support/app';
import { payoutTestDeps, payoutWorker, saleRow } from './support/payouts';
import { addBankDetails, sellGiftCard } from './support/sales';
import { createStaff, type TestStaff } from './support/staff';
import { createCustomer, type TestUser } from './support/users';

/**
 * The whole loop through the staff API on the sandbox: a reviewer approves (confirm code) → the
 * payout job pays → the staff detail shows the attempt paid and the customer sees the sale
 * successful with a claimable reward; a failed payout is retried by a reviewer or recorded by
 * hand by an admin, each through its route.
 */

const clock = new ManualClock('2026-07-01T09:00:00Z');
const DELAY_MS = 3000;
let t: TestApp;
let worker: ReturnType<typeof payoutWorker>;
let reviewer: TestStaff;
let admin: TestStaff;

beforeAll(async () => {
  let sandbox!: SandboxPayouts;
  t = await createTestApp({ clock, payouts: (database) => (sandbox = new SandboxPayouts(database.db, DELAY_MS, clock)) });
  worker = payoutWorker(t, payoutTestDeps(sandbox, clock, { PAYOUT_SANDBOX_DELAY_MS: String(DELAY_MS) }));
  reviewer = await createStaff(t, { role: 'reviewer' });
  admin = await createStaff(t, { role: 'admin' });
});
afterAll(async () => {
  await t?.close();
});

let seed = 300;
async function submitted(account = '0123456789'): Promise<{ customer: TestUser; saleId: string }> {
  const customer = await createCustomer(t);
  await addBankDetails(t, customer, account);
  seed += 1;
  return { customer, saleId: (await sellGiftCard(t, customer, { seed })).id };
}

const detail = async (saleId: string, staff: TestStaff) => {
  const response = await get(t.app, `/api/admin/sales/${saleId}`, staff.cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AdminSaleDetailResponse>().sale;
};

async function approve(saleId: string) {
  const response = await post(t.app, `/api/admin/sales/${saleId}/approve`, { confirm_code: reviewer.code() }, reviewer.cookie);
  expect(response.statusCode, response.body).toBe(200);
}

/** The sandbox's delay passes and the jobs run. */
async function settle() {
  await worker.runDue();
  clock.advance(DELAY_MS + 500);
  await worker.runDue();
}

describe('payouts through the staff API', () => {
  it('approve → paid: the staff detail shows the attempt, the customer a successful sale and a reward', async () => {
    const { customer, saleId } = await submitted();
    await approve(saleId);
    expect((await detail(saleId, reviewer)).payouts).toMatchObject([{ attempt: 1, status: 'queued', method: 'transfer' }]);
    await settle();
    const sale = await detail(saleId, reviewer);
    expect(sale).toMatchObject({ status: 'paid', payout_status: 'success' });
    expect(sale.payouts).toMatchObject([{ attempt: 1, status: 'success', provider_reference: expect.stringMatching(/^TRF_sandbox_/) }]);
    const mine = await get(t.app, `/api/transactions/${saleId}`, customer.cookie);
    expect(mine.body).toMatch(/"status":"successful"/);
    expect((await get(t.app, '/api/rewards/total', customer.cookie)).json<{ claimable: number }>().claimable).toBeGreaterThan(0);
  });

  it('a failed payout: retried by a reviewer (confirm code), then recorded as paid by hand by an admin', async () => {
    const { saleId } = await submitted('0123451111');
    await approve(saleId);
    await settle();
    expect(await detail(saleId, reviewer)).toMatchObject({ status: 'approved', payout_status: 'failed' });
    const noCode = await post(t.app, `/api/admin/sales/${saleId}/payout/retry`, { confirm_code: '000000' }, reviewer.cookie);
    expect(noCode.statusCode).toBe(403);
    // The bank account can't change (the sale's snapshot), so the sandbox declines again: a second failed attempt.
    const retried = await post(t.app, `/api/admin/sales/${saleId}/payout/retry`, { confirm_code: reviewer.code() }, reviewer.cookie);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json<AdminSaleDetailResponse>().sale.payouts).toMatchObject([
      { attempt: 1, status: 'failed' },
      { attempt: 2, status: 'queued' },
    ]);
    const again = await post(t.app, `/api/admin/sales/${saleId}/payout/retry`, { confirm_code: reviewer.code() }, reviewer.cookie);
    expect(again.statusCode).toBe(409);
    await settle();
    expect((await detail(saleId, reviewer)).payouts).toMatchObject([{ status: 'failed' }, { status: 'failed' }]);

    // A reviewer may not record a manual payment; an admin may.
    const body = { reference: 'GTB-MANUAL-0001', note: 'Paid from the operations account', confirm_code: admin.code() };
    expect(
      (await post(t.app, `/api/admin/sales/${saleId}/payout/manual`, { ...body, confirm_code: reviewer.code() }, reviewer.cookie))
        .statusCode,
    ).toBe(403);
    const manual = await post(t.app, `/api/admin/sales/${saleId}/payout/manual`, body, admin.cookie);
    expect(manual.statusCode, manual.body).toBe(200);
    expect(manual.json<AdminSaleDetailResponse>().sale).toMatchObject({ status: 'paid' });
    expect(await saleRow(t.database, saleId)).toMatchObject({ status: 'paid', payout_reference: 'GTB-MANUAL-0001' });
  });
});
