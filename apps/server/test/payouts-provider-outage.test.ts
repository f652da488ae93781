import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payoutDelayTexts } from '@wise/shared';
import { getDashboard } from '../src/domain/admin/dashboard';
import { checkAlerts, type AlertSettings } from '../src/domain/operations/alerts';
import { ManualClock } from '../src/lib/clock';
import { get, type TestApp } from './support/app';
import type { FakePaystack } from './support/fake-paystack';
import { startPaystackBed, type PaystackBed } from './support/paystack-bed';
import { approveSale, payoutRows } from './support/payouts';
import { addBankDetails, sellGiftCard } from './support/sales';
import { createCustomer } from './support/users';

/**
 * A payout provider outage told (docs/RELIABILITY.md, "Provider outages"), with the real Paystack
 * client against the local fake answering 500 to everything and time on a ManualClock: the attempt
 * notes since when it fails to reach the provider; after PAYOUT_DELAY_NOTICE_MINUTES (5) of
 * failures its customer is told once — notification, push and e-mail — and the sale's screen says
 * so; staff see "provider unreachable" on the dashboard and an alert opens; once the provider
 * answers, the payout goes out, the streak ends and the alert resolves.
 */

const clock = new ManualClock('2026-07-01T09:00:00Z');
const settings: AlertSettings = {
  payoutFailureRate: 0.2,
  payoutFailureMinSample: 5,
  payoutStuckMinutes: 30,
  jobAgeMinutes: 10,
  maxPriceAgeSeconds: 600,
  payoutFloatAlertKobo: 0,
  billsFloatAlertKobo: 0,
  providerUnreachableMinutes: 2,
};
let fake: FakePaystack;
let t: TestApp;
let worker: PaystackBed['worker'];
let reviewer: PaystackBed['reviewer'];

beforeAll(async () => {
  ({ fake, t, worker, reviewer } = await startPaystackBed(clock));
  fake.now = () => clock.now();
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const MINUTE = 60_000;
/** Past the longest back-off of a send (2 min), so the retry is due. */
const retry = async (minutes: number) => {
  clock.advance(minutes * MINUTE);
  await worker.runDue();
};
const attemptOf = async (payoutId: string) =>
  (
    await t.database.query<{
      status: string;
      unreachable_since: Date | null;
      unreachable_reason: string | null;
      delay_noticed_at: Date | null;
    }>('SELECT status, unreachable_since, unreachable_reason, delay_noticed_at FROM payouts WHERE id = $1', [payoutId])
  )[0]!;
const delayNotices = async (userId: string, email: string) => ({
  notifications: (
    await t.database.query<{ message: string }>("SELECT message FROM notifications WHERE user_id = $1 AND message LIKE '%delayed%'", [
      userId,
    ])
  ).length,
  pushes: (
    await t.database.query(
      "SELECT 1 FROM jobs WHERE name = 'push.send' AND payload->>'title' = 'Payout delayed' AND payload->>'subscriptionId' IN (SELECT id::text FROM push_subscriptions WHERE user_id = $1)",
      [userId],
    )
  ).length,
  emails: t.outbox.list().filter((message) => message.to === email && /payout is delayed/.test(message.subject ?? '')).length,
});
const saleScreen = async (cookie: string, saleId: string) =>
  (await get(t.app, `/api/transactions/${saleId}`, cookie)).json<{ transaction: { payout_delay?: string | null; status: string } }>()
    .transaction;
const alertCheck = () => t.database.db.transaction((tx) => checkAlerts(tx, clock, settings));

describe('a payout provider outage', () => {
  it('tells the customer once after 5 minutes of failures, shows staff the provider unreachable, and pays once it is back', async () => {
    const customer = await createCustomer(t);
    await t.database.query('INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, created_at) VALUES ($1, $2, $3, $4, now())', [
      customer.id,
      `https://push.example.test/${randomUUID()}`,
      `B${'a'.repeat(86)}`,
      'a'.repeat(22),
    ]);
    await addBankDetails(t, customer, '0123456789');
    const sale = await sellGiftCard(t, customer, { seed: 4501 });
    fake.failWith = 500;
    const { payoutId } = await approveSale(t.database, clock, sale.id, reviewer.id);
    const startedAt = clock.now();

    await worker.runDue();
    expect(await attemptOf(payoutId)).toMatchObject({
      status: 'sending',
      unreachable_since: startedAt,
      unreachable_reason: 'HTTP 500',
      delay_noticed_at: null,
    });
    // Staff see it at once; the alert waits for ALERT_PROVIDER_UNREACHABLE_MINUTES.
    expect((await getDashboard(t.database.db, clock, 'Africa/Lagos')).payouts_provider_unreachable).toEqual({
      count: 1,
      since: startedAt.toISOString(),
      reason: 'HTTP 500',
    });
    expect((await alertCheck()).payout_provider_unreachable).toBe('unchanged');

    // Under 5 minutes of failures: nothing told yet.
    await retry(2);
    await retry(2);
    expect((await alertCheck()).payout_provider_unreachable).toBe('opened');
    expect(await delayNotices(customer.id, customer.email)).toEqual({ notifications: 0, pushes: 0, emails: 0 });
    expect((await saleScreen(customer.cookie, sale.id)).payout_delay ?? null).toBeNull();

    // Past 5 minutes: told, once, everywhere.
    await retry(2);
    expect((await attemptOf(payoutId)).delay_noticed_at).not.toBeNull();
    expect(await delayNotices(customer.id, customer.email)).toEqual({ notifications: 1, pushes: 1, emails: 1 });
    expect(await saleScreen(customer.cookie, sale.id)).toMatchObject({ status: 'pending', payout_delay: payoutDelayTexts.notice });

    // Still failing: never told twice.
    await retry(2);
    await retry(2);
    expect(await delayNotices(customer.id, customer.email)).toEqual({ notifications: 1, pushes: 1, emails: 1 });

    // The provider answers again: paid, the streak and the alert end, the screen says paid.
    fake.failWith = undefined;
    await retry(2);
    expect(await payoutRows(t.database, sale.id)).toMatchObject([{ status: 'success' }]);
    expect((await getDashboard(t.database.db, clock, 'Africa/Lagos')).payouts_provider_unreachable?.count).toBe(0);
    expect((await alertCheck()).payout_provider_unreachable).toBe('resolved');
    expect(await saleScreen(customer.cookie, sale.id)).toMatchObject({ status: 'successful' });
    expect((await saleScreen(customer.cookie, sale.id)).payout_delay ?? null).toBeNull();
  });
});
