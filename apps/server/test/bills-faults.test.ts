import { randomUUID } from 'node:crypto';
import { billMessages, type BillOrder } from '@wise/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { authoriseBillOrder, BILL_REQUERY_JOB } from '../src/domain/bills/authorise';
import { BILL_RECOVERY_JOB } from '../src/domain/bills/jobs';
import { requeryBillOrder } from '../src/domain/bills/requery';
import type { BillDeps } from '../src/domain/bills/settings';
import { getGemBalance } from '../src/domain/gems/ledger';
import { enqueue } from '../src/jobs/queue';
import { ManualClock } from '../src/lib/clock';
import type { AirtimeProvider } from '../src/providers/airtime/index';
import {
  airtimeBody,
  authorise,
  billWorker,
  customerWithGems,
  expectLedgerSound,
  holdOf,
  newOrder,
  orderOf,
  PIN,
  resetFakes,
  startBillsHarness,
  type BillsHarness,
} from './support/bill-orders';

/**
 * Fault injection (docs/decisions.md §5: "one order = one provider request id, so retries never charge
 * twice"): provider timeouts settled by the status-query job, a process killed between the hold
 * and the provider's answer, parallel purchases beyond the balance, a double authorise, and two
 * workers racing over one order. After each, the gems moved exactly once: one capture or one
 * release, the ledger sound.
 */

const clock = new ManualClock('2026-06-01T09:00:00Z');
let h: BillsHarness;

beforeAll(async () => {
  h = await startBillsHarness(clock);
});
afterAll(async () => {
  await h.close();
});
beforeEach(() => resetFakes(h, { slowMs: 3000 }));

/** What the customer is told later: the in-app notices and the pushes queued for their phone. */
async function outcomeTold(userId: string) {
  const notices = await h.t.database.query<{ message: string }>(
    'SELECT message FROM notifications WHERE user_id = $1 ORDER BY created_at',
    [userId],
  );
  const pushes = await h.t.database.query<{ title: string; body: string; url: string }>(
    "SELECT payload->>'title' AS title, payload->>'body' AS body, payload->>'url' AS url FROM jobs WHERE name = 'push.send' AND payload->>'subscriptionId' IN (SELECT id::text FROM push_subscriptions WHERE user_id = $1) ORDER BY id",
    [userId],
  );
  return { notices: notices.map((n) => n.message), pushes };
}

/** A phone that turned notifications on, so a settlement also queues a push. */
const subscribePhone = (userId: string) =>
  h.t.database.query('INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, created_at) VALUES ($1, $2, $3, $4, now())', [
    userId,
    `https://push.example.test/${randomUUID()}`,
    `B${'a'.repeat(86)}`,
    'a'.repeat(22),
  ]);

const jobsOf = (orderId: string) =>
  h.t.database.query<{ status: string; singleton_key: string; attempts: number; run_at: Date }>(
    "SELECT status, singleton_key, attempts, run_at FROM jobs WHERE name = $1 AND payload->>'orderId' = $2 ORDER BY id",
    [BILL_REQUERY_JOB, orderId],
  );

/** Authorises with the provider timing out: 202, processing, gems held, a status-query job queued. */
async function timedOutOrder(
  user: Awaited<ReturnType<typeof customerWithGems>>,
  behaviour: 'slow-success' | 'slow-failure' | 'slow-pending' | 'error500' | 'malformed',
) {
  const order = await newOrder(h, user, airtimeBody());
  h.airtime.script.push(behaviour);
  const response = await authorise(h, user, order.id);
  expect(response.statusCode, response.body).toBe(202);
  expect(response.json<{ order: BillOrder }>().order).toMatchObject({
    status: 'processing',
    message: 'Your purchase is being processed. We will notify you when it completes',
  });
  expect((await holdOf(h, order.id)).hold?.status).toBe('pending');
  expect(await jobsOf(order.id)).toMatchObject([{ status: 'queued', singleton_key: `${BILL_REQUERY_JOB}:${order.id}:0` }]);
  return order;
}

describe('the provider times out', () => {
  it('then the status query says successful: exactly one capture', async () => {
    const user = await customerWithGems(h, 1000);
    const order = await timedOutOrder(user, 'slow-success');
    expect(await getGemBalance(h.t.database.db, user.id)).toBe(500);
    // Not before the provider call has surely ended.
    expect(await billWorker(h).runDue()).toEqual([]);
    clock.advance(h.deps.settings.requeryDelayMs);
    const runs = await billWorker(h).runDue();
    expect(runs.map((r) => r.outcome)).toEqual(['done']);
    expect(await orderOf(h, user, order.id)).toMatchObject({ status: 'successful', message: 'Airtime purchased successfully' });
    expect(await holdOf(h, order.id)).toMatchObject({ count: 1, hold: { status: 'captured' }, entries: ['hold', 'hold_capture'] });
    expect(await getGemBalance(h.t.database.db, user.id)).toBe(500);
    expect(h.airtime.purchases().filter((p) => p.body?.request_id === h.airtime.purchases().at(-1)?.body?.request_id)).toHaveLength(1);
    await expectLedgerSound(h, [user.id]);
  });

  it('then the status query says failed: exactly one release', async () => {
    const user = await customerWithGems(h, 1000);
    const order = await timedOutOrder(user, 'slow-failure');
    clock.advance(h.deps.settings.requeryDelayMs);
    await billWorker(h).runDue();
    // The provider's words stay with staff: a refusal without a code the customer reads in our words.
    expect(await orderOf(h, user, order.id)).toMatchObject({ status: 'failed', message: billMessages.declined });
    expect(await holdOf(h, order.id)).toMatchObject({ count: 1, hold: { status: 'released' }, entries: ['hold', 'hold_release'] });
    expect(await getGemBalance(h.t.database.db, user.id)).toBe(1000);
    await expectLedgerSound(h, [user.id]);
  });

  it('the customer who left the Processing screen is told the outcome later: one notice and one push, nothing before', async () => {
    const user = await customerWithGems(h, 1000);
    await subscribePhone(user.id);
    const before = await outcomeTold(user.id);
    const since = async () => {
      const now = await outcomeTold(user.id);
      return { notices: now.notices.slice(before.notices.length), pushes: now.pushes.slice(before.pushes.length) };
    };
    const failed = await timedOutOrder(user, 'slow-failure');
    expect(await since()).toEqual({ notices: [], pushes: [] });

    clock.advance(h.deps.settings.requeryDelayMs);
    await billWorker(h).runDue();
    const afterFailure = await since();
    expect(afterFailure.notices).toEqual([
      expect.stringMatching(/^your purchase .* for 500 gems failed\. Your gems have been returned\.$/),
    ]);
    expect(afterFailure.pushes).toEqual([
      {
        title: 'Purchase failed',
        body: expect.stringMatching(/^Your purchase .* failed\. Your gems have been returned\.$/),
        url: `/homepage/history/${failed.id}`,
      },
    ]);

    const succeeded = await timedOutOrder(user, 'slow-success');
    clock.advance(h.deps.settings.requeryDelayMs);
    await billWorker(h).runDue();
    // A later run (a late or repeated status query) tells nobody twice.
    clock.advance(h.deps.settings.requeryDelayMs);
    await billWorker(h).runDue();
    const told = await since();
    expect(told.notices).toHaveLength(2);
    expect(told.notices[1]).toMatch(/^your purchase .* for 500 gems was successful\.$/);
    expect(told.pushes.map((p) => [p.title, p.url])).toEqual([
      ['Purchase failed', `/homepage/history/${failed.id}`],
      ['Purchase successful', `/homepage/history/${succeeded.id}`],
    ]);
  });

  it('while the provider is still processing, the job asks again with back-off until it settles', async () => {
    const user = await customerWithGems(h, 1000);
    const order = await timedOutOrder(user, 'slow-pending');
    clock.advance(h.deps.settings.requeryDelayMs);
    expect((await billWorker(h).runDue()).map((r) => r.outcome)).toEqual(['retry']);
    expect((await orderOf(h, user, order.id)).status).toBe('processing');
    const [job] = await jobsOf(order.id);
    expect(job).toMatchObject({ status: 'queued', attempts: 1 });
    expect(new Date(job!.run_at).getTime()).toBe(clock.now().getTime() + h.deps.settings.requeryBackoff.baseMs);
    const requestId = h.airtime.purchases().at(-1)?.body?.request_id as string;
    h.airtime.settle(requestId, 'successful');
    clock.advance(h.deps.settings.requeryBackoff.baseMs);
    expect((await billWorker(h).runDue()).map((r) => r.outcome)).toEqual(['done']);
    expect((await orderOf(h, user, order.id)).status).toBe('successful');
    expect(await holdOf(h, order.id)).toMatchObject({ entries: ['hold', 'hold_capture'] });
    await expectLedgerSound(h, [user.id]);
  });

  it('HTTP 500 with nothing recorded: "not found" after the grace period releases the gems', async () => {
    const user = await customerWithGems(h, 1000);
    const order = await timedOutOrder(user, 'error500');
    // Too early to believe "not found": the request could still be on its way.
    expect(await requeryBillOrder(h.t.database.db, h.deps, order.id)).toBe('pending');
    clock.advance(h.deps.settings.requeryDelayMs);
    await billWorker(h).runDue();
    expect(await orderOf(h, user, order.id)).toMatchObject({
      status: 'failed',
      message: 'We could not reach the provider. Your gems have been returned',
    });
    expect(await getGemBalance(h.t.database.db, user.id)).toBe(1000);
    await expectLedgerSound(h, [user.id]);
  });

  it('a malformed answer is unknown too, and the status query finds the purchase done', async () => {
    const user = await customerWithGems(h, 1000);
    const order = await timedOutOrder(user, 'malformed');
    clock.advance(h.deps.settings.requeryDelayMs);
    await billWorker(h).runDue();
    expect((await orderOf(h, user, order.id)).status).toBe('successful');
    expect(await holdOf(h, order.id)).toMatchObject({ entries: ['hold', 'hold_capture'] });
  });

  it('a settled order ignores any later verdict: status queries after settlement change nothing', async () => {
    const user = await customerWithGems(h, 1000);
    const order = await timedOutOrder(user, 'slow-success');
    clock.advance(h.deps.settings.requeryDelayMs);
    await billWorker(h).runDue();
    expect(await requeryBillOrder(h.t.database.db, h.deps, order.id)).toBe('not-processing');
    expect(await holdOf(h, order.id)).toMatchObject({ entries: ['hold', 'hold_capture'] });
  });
});

describe('the process dies between the hold and the provider answer', () => {
  /**
   * The provider call never returns (the process is "killed" there): the hold is placed and the
   * order is processing. Its status-query job is deleted too, as if it had never been written.
   */
  async function killedMidPurchase(recordAtProvider: 'successful' | 'nothing') {
    const user = await customerWithGems(h, 1000);
    const order = await newOrder(h, user, airtimeBody());
    const never = new Promise<never>(() => undefined);
    let calledProvider!: () => void;
    const providerCalled = new Promise<void>((resolve) => (calledProvider = resolve));
    const hanging: AirtimeProvider = {
      name: 'http',
      buyAirtime: async (purchase) => {
        // The request reached the provider (or not) and then this process died.
        if (recordAtProvider === 'successful')
          h.airtime.records.set(purchase.requestId, { status: 'successful', message: 'Transaction successful' });
        calledProvider();
        return never;
      },
      queryStatus: (id) => h.deps.airtime.queryStatus(id),
    };
    const dying: BillDeps = { ...h.deps, airtime: hanging };
    void authoriseBillOrder(h.t.database.db, dying, user.id, order.id, PIN);
    // The provider is called once the order is processing (committed first, so a crash here leaves it so).
    await providerCalled;
    expect((await orderOf(h, user, order.id)).status).toBe('processing');
    expect((await holdOf(h, order.id)).hold?.status).toBe('pending');
    await h.t.database.query("DELETE FROM jobs WHERE name = $1 AND payload->>'orderId' = $2", [BILL_REQUERY_JOB, order.id]);
    return { user, order };
  }

  async function runRecovery() {
    clock.advance(h.deps.settings.staleAfterMs + 1000);
    // The sweep's schedule, as a server would enqueue it, then whatever it queues.
    await enqueue(h.t.database.db, BILL_RECOVERY_JOB, {}, { clock });
    return billWorker(h).runDue();
  }

  it('the provider never got it: recovery re-queries, "not found", the gems are released', async () => {
    const { user, order } = await killedMidPurchase('nothing');
    expect(await getGemBalance(h.t.database.db, user.id)).toBe(500);
    const runs = await runRecovery();
    expect(runs.map((r) => r.name)).toEqual([BILL_RECOVERY_JOB, BILL_REQUERY_JOB]);
    expect(await orderOf(h, user, order.id)).toMatchObject({ status: 'failed' });
    expect(await holdOf(h, order.id)).toMatchObject({ hold: { status: 'released' }, entries: ['hold', 'hold_release'] });
    expect(await getGemBalance(h.t.database.db, user.id)).toBe(1000);
    expect(await jobsOf(order.id)).toMatchObject([{ status: 'done', singleton_key: `${BILL_REQUERY_JOB}:${order.id}:1` }]);
    await expectLedgerSound(h, [user.id]);
  });

  it('the provider delivered: recovery re-queries, successful, captured once', async () => {
    const { user, order } = await killedMidPurchase('successful');
    await runRecovery();
    expect((await orderOf(h, user, order.id)).status).toBe('successful');
    expect(await holdOf(h, order.id)).toMatchObject({ hold: { status: 'captured' }, entries: ['hold', 'hold_capture'] });
    expect(await getGemBalance(h.t.database.db, user.id)).toBe(500);
    // A second sweep finds nothing left to do.
    expect((await runRecovery()).map((r) => r.name)).toEqual([BILL_RECOVERY_JOB]);
    await expectLedgerSound(h, [user.id]);
  });

  it('a live status-query job is left alone by the sweep', async () => {
    const user = await customerWithGems(h, 1000);
    const order = await timedOutOrder(user, 'slow-pending');
    clock.advance(h.deps.settings.staleAfterMs + 1000);
    // The original job is still queued (due now): the sweep gives the order no second one.
    await enqueue(h.t.database.db, BILL_RECOVERY_JOB, {}, { clock });
    await billWorker(h).runDue();
    expect((await jobsOf(order.id)).map((j) => j.singleton_key)).toEqual([`${BILL_REQUERY_JOB}:${order.id}:0`]);
  });
});

describe('concurrency', () => {
  it('20 parallel purchases beyond the balance: never below zero, every failure fully released', async () => {
    const user = await customerWithGems(h, 1000);
    const orders = [];
    for (let i = 0; i < 20; i += 1) orders.push(await newOrder(h, user, airtimeBody({ amount: 100 })));
    // Some provider refusals among them too.
    h.airtime.script.push('success', 'decline', 'success', 'decline', 'success');
    const responses = await Promise.all(orders.map((order) => authorise(h, user, order.id)));
    const statuses = responses.map((r) => r.statusCode);
    // 202: the answer came later than the client waits (the machine is busy); the job settles those.
    expect(
      statuses.every((s) => [200, 202, 409, 422].includes(s)),
      JSON.stringify(statuses),
    ).toBe(true);
    expect(await getGemBalance(h.t.database.db, user.id)).toBeGreaterThanOrEqual(0);
    let settled: BillOrder[] = [];
    // A status query can time out too on a busy machine: the job asks again after its back-off.
    for (let round = 0; round < 10; round += 1) {
      clock.advance(round === 0 ? h.deps.settings.requeryDelayMs : h.deps.settings.requeryBackoff.maxMs);
      await billWorker(h).runDue();
      settled = await Promise.all(orders.map((order) => orderOf(h, user, order.id)));
      if (!settled.some((o) => o.status === 'processing')) break;
    }

    const successful = settled.filter((o) => o.status === 'successful').length;
    expect(successful).toBeGreaterThan(0);
    expect(successful).toBeLessThanOrEqual(10);
    expect(await getGemBalance(h.t.database.db, user.id)).toBe(1000 - successful * 100);
    for (const [i, order] of settled.entries()) {
      const { count, hold, entries } = await holdOf(h, order.id);
      if (order.status === 'successful') expect([hold?.status, entries]).toEqual(['captured', ['hold', 'hold_capture']]);
      else if (order.status === 'failed')
        expect([[422, 202].includes(statuses[i] ?? 0), hold?.status, entries]).toEqual([true, 'released', ['hold', 'hold_release']]);
      else expect([statuses[i], order.status, count]).toEqual([409, 'awaiting_pin', 0]);
    }
    const negative = await h.t.database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM gem_accounts WHERE user_id = $1 AND balance < 0',
      [user.id],
    );
    expect(negative[0]?.n).toBe(0);
    await expectLedgerSound(h, [user.id]);
  });

  it('two authorisations of one order at once: one provider call, one charge', async () => {
    const user = await customerWithGems(h, 1000);
    const order = await newOrder(h, user, airtimeBody());
    // Slow enough that both requests are in flight together, quick enough to be an answer.
    h.airtime.slowMs = 200;
    h.airtime.script.push('slow-success', 'slow-success');
    const before = h.airtime.purchases().length;
    const [a, b] = await Promise.all([authorise(h, user, order.id), authorise(h, user, order.id)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 202]);
    expect(h.airtime.purchases().length - before).toBe(1);
    expect((await orderOf(h, user, order.id)).status).toBe('successful');
    expect(await holdOf(h, order.id)).toMatchObject({ count: 1, entries: ['hold', 'hold_capture'] });
    expect(await getGemBalance(h.t.database.db, user.id)).toBe(500);
  });

  it('two workers (two server processes) racing over one processing order settle it once', async () => {
    const user = await customerWithGems(h, 1000);
    const order = await timedOutOrder(user, 'slow-success');
    // A second job for the same order, as a recovery sweep of another instance might have queued.
    await enqueue(
      h.t.database.db,
      BILL_REQUERY_JOB,
      { orderId: order.id },
      { clock, singletonKey: `${BILL_REQUERY_JOB}:${order.id}:race-${randomUUID()}` },
    );
    clock.advance(h.deps.settings.requeryDelayMs);
    const [one, two] = [billWorker(h, 'server-a'), billWorker(h, 'server-b')];
    const ours = new Set(
      (
        await h.t.database.query<{ id: string }>("SELECT id::text FROM jobs WHERE name = $1 AND payload->>'orderId' = $2", [
          BILL_REQUERY_JOB,
          order.id,
        ])
      ).map((j) => Number(j.id)),
    );
    const runs = (await Promise.all([one.runDue(), two.runDue()])).flat().filter((r) => ours.has(r.id));
    // Each job ran once, by one of the two.
    expect(runs.map((r) => r.outcome).sort()).toEqual(['done', 'done']);
    expect(new Set(runs.map((r) => r.id)).size).toBe(2);
    expect((await jobsOf(order.id)).map((j) => [j.status, j.attempts])).toEqual([
      ['done', 1],
      ['done', 1],
    ]);
    expect((await orderOf(h, user, order.id)).status).toBe('successful');
    expect(await holdOf(h, order.id)).toMatchObject({ count: 1, hold: { status: 'captured' }, entries: ['hold', 'hold_capture'] });
    // And direct status queries racing each other: still one settlement.
    await Promise.all([1, 2, 3].map(() => requeryBillOrder(h.t.database.db, h.deps, order.id)));
    expect(await holdOf(h, order.id)).toMatchObject({ entries: ['hold', 'hold_capture'] });
    expect(await getGemBalance(h.t.database.db, user.id)).toBe(500);
    await expectLedgerSound(h, [user.id]);
  });
});
