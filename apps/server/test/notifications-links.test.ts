import type { Notification, NotificationListResponse } from '@wise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rejectSale } from '../src/domain/admin/review/decisions';
import { settlePayoutFailure, settlePayoutSuccess } from '../src/domain/payouts/settle';
import { transactionUrl } from '../src/domain/push/notify';
import type { StaffPrincipal } from '../src/domain/staff/principal';
import { ManualClock } from '../src/lib/clock';
import { SandboxPayouts } from '../src/providers/payouts/index';
import { get } from './support/app';
import { airtimeBody, authorise, customerWithGems, newOrder, startBillsHarness, type BillsHarness } from './support/bill-orders';
import { approveSale, insertStaff, payoutTestDeps, reportedCode } from './support/payouts';
import { addBankDetails, sellGiftCard } from './support/sales';
import { createCustomer, type TestUser } from './support/users';
// The web app's own route table: a plain module of strings, read here so the push and the list
// cannot drift apart.
import { transactionHref } from '../../web/src/config/paths';

/**
 * A notification about a sale or a bill order names it (`transaction_id`), so its row in the list
 * opens that transaction's detail, as its push does; other notices name nothing.
 */

const clock = new ManualClock('2026-09-01T09:00:00Z');
let h: BillsHarness;
let staff: StaffPrincipal;
let seed = 900;

beforeAll(async () => {
  h = await startBillsHarness(clock);
  staff = await insertStaff(h.t.database);
});
afterAll(async () => {
  await h?.close();
});

async function newestNotification(user: TestUser): Promise<Notification> {
  const response = await get(h.t.app, '/api/notifications?limit=1', user.cookie);
  expect(response.statusCode, response.body).toBe(200);
  const [first] = response.json<NotificationListResponse>().notifications;
  if (!first) throw new Error('no notification');
  return first;
}

async function submittedSale(user: TestUser) {
  seed += 1;
  return sellGiftCard(h.t, user, { seed });
}

const payoutDeps = () => payoutTestDeps(new SandboxPayouts(h.t.database.db, 0, clock), clock);

describe('a notice about no transaction names the screen it opens', () => {
  it('the bank details name theirs; the database refuses an unknown topic, or a topic beside a transaction', async () => {
    const customer = await createCustomer(h.t);
    await addBankDetails(h.t, customer);
    expect(await newestNotification(customer)).toMatchObject({ transaction_id: null, topic: 'bank' });

    const insert = (topic: string, withSale: boolean) =>
      h.t.database.query(
        `INSERT INTO notifications (user_id, message, topic, sale_id) VALUES ($1, 'x', $2, ${withSale ? '(SELECT id FROM sales LIMIT 1)' : 'NULL'})`,
        [customer.id, topic],
      );
    await expect(insert('lottery', false)).rejects.toThrow(/notifications_topic_known/);
    await submittedSale(customer);
    await expect(insert('rates', true)).rejects.toThrow(/notifications_one_place/);
  });
});

describe('notifications about a transaction carry its id', () => {
  it('a paid sale, a failed payout and a rejected sale name the sale', async () => {
    const customer = await createCustomer(h.t);
    await addBankDetails(h.t, customer);
    // A notice about no transaction names none.
    expect((await newestNotification(customer)).transaction_id).toBeNull();

    const paid = await submittedSale(customer);
    const { payoutId } = await approveSale(h.t.database, clock, paid.id, staff.id);
    await settlePayoutSuccess(h.t.database.db, payoutDeps(), payoutId, reportedCode('TRF_links_1'));
    expect(await newestNotification(customer)).toMatchObject({ message: expect.stringMatching(/has been paid/), transaction_id: paid.id });

    const unpaid = await submittedSale(customer);
    const failed = await approveSale(h.t.database, clock, unpaid.id, staff.id);
    await settlePayoutFailure(h.t.database.db, payoutDeps(), failed.payoutId, 'Account is closed', null);
    expect((await newestNotification(customer)).transaction_id).toBe(unpaid.id);

    const rejected = await submittedSale(customer);
    await rejectSale({ db: h.t.database.db, clock }, staff, rejected.id, { reason: 'used_card' });
    expect(await newestNotification(customer)).toMatchObject({
      message: expect.stringMatching(/already been used/),
      transaction_id: rejected.id,
    });
  });

  it('a settled bill order names the order, successful or failed', async () => {
    const customer = await customerWithGems(h, 2000);
    const good = await newOrder(h, customer, airtimeBody({ amount: 500 }));
    expect((await authorise(h, customer, good.id)).statusCode).toBe(200);
    expect((await newestNotification(customer)).transaction_id).toBe(good.id);
    h.airtime.script.push('decline');
    const bad = await newOrder(h, customer, airtimeBody({ amount: 300 }));
    await authorise(h, customer, bad.id);
    expect((await newestNotification(customer)).transaction_id).toBe(bad.id);
    // The id opens the customer's own detail.
    const detail = await get(h.t.app, `/api/transactions/${bad.id}`, customer.cookie);
    expect(detail.statusCode, detail.body).toBe(200);
  });

  it("the push opens the screen the list row links to: the transaction's detail", () => {
    const id = '11111111-2222-4333-8444-555555555555';
    expect(transactionUrl(id)).toBe(transactionHref(id));
    expect(transactionUrl(id)).toBe(`/homepage/history/${id}`);
  });

  it('the database refuses a notification naming both a sale and a bill order', async () => {
    const customer = await customerWithGems(h, 1000);
    const order = await newOrder(h, customer, airtimeBody({ amount: 100 }));
    await authorise(h, customer, order.id);
    const sale = await (async () => {
      await addBankDetails(h.t, customer);
      return submittedSale(customer);
    })();
    await expect(
      h.t.database.query('INSERT INTO notifications (user_id, message, sale_id, bill_order_id) VALUES ($1, $2, $3, $4)', [
        customer.id,
        'both',
        sale.id,
        order.id,
      ]),
    ).rejects.toThrow(/notifications_one_transaction/);
  });
});
