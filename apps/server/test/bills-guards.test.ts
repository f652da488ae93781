import { randomUUID } from 'node:crypto';
import { billRefusalTexts } from '@wise/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import type { Database } from '../src/db/client';
import { authoriseBillOrder } from '../src/domain/bills/authorise';
import { ALL_PLAN_SETS, listPlans, planAmountGems, refreshAllPlans, toCachedPlans } from '../src/domain/bills/catalogue';
import { BILL_PLAN_REFRESH_JOB, billJobs } from '../src/domain/bills/jobs';
import { createBillOrder } from '../src/domain/bills/orders';
import { billSettings, type BillDeps } from '../src/domain/bills/settings';
import { captureGemHold, releaseGemHold } from '../src/domain/gems/holds';
import { setPin } from '../src/domain/pin/service';
import { accrueReward, claimRewards } from '../src/domain/rewards/rewards';
import { JobWorker } from '../src/jobs/worker';
import { ManualClock } from '../src/lib/clock';
import { SandboxAirtimeProvider } from '../src/providers/airtime/sandbox';
import { SandboxBillsProvider } from '../src/providers/bills/sandbox';
import type { BillsProvider, ProviderPlan } from '../src/providers/bills/types';
import { BillsProviderError } from '../src/providers/bills/types';
import { openTestDatabase } from './support/db';
import { insertUsers, refusalOf } from './support/gem-users';

/**
 * Migration 0009 keeps the order's rules against any code or hand-typed SQL: one-way status,
 * settled once, terms immutable, the hold agreeing with the status from either side, records
 * kept. And the plan cache: integer-part prices, refresh by the recurring job, last good list kept.
 */

const clock = new ManualClock('2026-06-01T09:00:00Z');
let database: Database;
const settings = billSettings(loadConfig({ NODE_ENV: 'test' }));
const bills = new SandboxBillsProvider({ slowMs: 0 });
const deps: BillDeps = { clock, airtime: new SandboxAirtimeProvider({ slowMs: 0 }), bills, settings };
const PIN = '1357';

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const refused = (statements: string) => refusalOf(database, statements);
/** The database's words, wherever the driver put them (PostgreSQL's client wraps them as the cause). */
const outcomeOf = (work: Promise<unknown>) =>
  work.then(
    () => 'committed',
    (error: unknown) =>
      error instanceof Error ? `${error.message} ${error.cause instanceof Error ? error.cause.message : ''}` : String(error),
  );

async function customer(gems: number): Promise<string> {
  const [userId] = await insertUsers(database, 1);
  if (gems > 0) {
    await accrueReward(database.db, clock, { userId: userId!, source: `seed:${randomUUID()}`, amount: gems, description: 'Seed' });
    await claimRewards(database.db, clock, userId!);
  }
  await setPin(database.db, clock, userId!, '', { pin: PIN, confirm_pin: PIN });
  return userId!;
}

/** An airtime order in the given state, made by the domain code (the sandbox: 9999 times out). */
async function orderIn(
  state: 'awaiting_pin' | 'processing' | 'successful',
): Promise<{ id: string; userId: string; holdId: string | null }> {
  const userId = await customer(1000);
  const phone = state === 'processing' ? '08039999999' : '08031234567';
  const { order } = await createBillOrder(database.db, clock, {
    userId,
    idempotencyKey: randomUUID(),
    input: { kind: 'airtime', network: 'mtn', phone, amount: 100 },
  });
  if (state !== 'awaiting_pin') {
    const row = await authoriseBillOrder(database.db, deps, userId, order.id, PIN);
    expect(row.status).toBe(state);
  }
  const [row] = await database.query<{ hold_id: string | null }>('SELECT hold_id FROM bill_orders WHERE id = $1', [order.id]);
  return { id: order.id, userId, holdId: row?.hold_id ?? null };
}

describe('what the database refuses', () => {
  it('an order that does not start awaiting its PIN', async () => {
    const userId = await customer(0);
    const error = await refused(
      `INSERT INTO bill_orders (user_id, kind, status, service, amount, phone, request_id, idempotency_key, request_hash, created_at, authorised_at, settled_at, message)
       VALUES ('${userId}', 'airtime', 'failed', 'mtn', 100, '08031234567', '202606011000aaaaaaaaaaaaaaaa', 'k1', '${'a'.repeat(64)}', now(), now(), now(), 'x')`,
    );
    expect(error).toMatch(/starts awaiting|bill_orders_status_shape/);
  });

  it('airtime outside 50 – 100,000, a second order with the same request id', async () => {
    const userId = await customer(0);
    const insert = (amount: number, requestId: string, key: string) =>
      `INSERT INTO bill_orders (user_id, kind, status, service, amount, phone, request_id, idempotency_key, request_hash, created_at)
       VALUES ('${userId}', 'airtime', 'awaiting_pin', 'mtn', ${amount}, '08031234567', '${requestId}', '${key}', '${'b'.repeat(64)}', now());`;
    expect(await refused(insert(49, '202606011000bbbbbbbbbbbbbbbb', 'k2'))).toMatch(/bill_orders_kind_shape/);
    expect(await refused(insert(100, '202606011000cccccccccccccccc', 'k3') + insert(100, '202606011000cccccccccccccccc', 'k4'))).toMatch(
      /bill_orders_request_id_key/,
    );
  });

  it('a status moving any way but forward, or back from settled', async () => {
    const waiting = await orderIn('awaiting_pin');
    const done = await orderIn('successful');
    expect(await refused(`UPDATE bill_orders SET status = 'successful', settled_at = now() WHERE id = '${waiting.id}'`)).toMatch(
      /cannot go from awaiting_pin to successful|status_shape/,
    );
    expect(await refused(`UPDATE bill_orders SET status = 'failed', message = 'x' WHERE id = '${done.id}'`)).toMatch(
      /settled \(successful\) and cannot change/,
    );
    expect(await refused(`UPDATE bill_orders SET message = 'changed' WHERE id = '${done.id}'`)).toMatch(/cannot change/);
  });

  it("changing an order's terms", async () => {
    const processing = await orderIn('processing');
    expect(await refused(`UPDATE bill_orders SET amount = 50 WHERE id = '${processing.id}'`)).toMatch(/terms never change/);
    expect(await refused(`UPDATE bill_orders SET request_id = '202606011000dddddddddddddddd' WHERE id = '${processing.id}'`)).toMatch(
      /terms never change/,
    );
    expect(await refused(`UPDATE bill_orders SET requery_generation = 0 - 1 WHERE id = '${processing.id}'`)).toMatch(
      /requery_generation|forward/,
    );
  });

  it('settling an order while its gems went the other way, from either side', async () => {
    const processing = await orderIn('processing');
    // The order says successful, the hold is still pending.
    expect(
      await refused(
        `SET CONSTRAINTS ALL IMMEDIATE; UPDATE bill_orders SET status = 'successful', settled_at = now() WHERE id = '${processing.id}'`,
      ),
    ).toMatch(/bill_orders_hold_agrees|is successful but its gem hold is pending/);
    // The hold released by hand while the order stays processing: refused at commit.
    expect(await outcomeOf(releaseGemHold(database.db, clock, processing.holdId!))).toMatch(/is processing but its gem hold is released/);
    // Captured, but the order says failed.
    const error = await outcomeOf(
      database.db.transaction(async (tx) => {
        await captureGemHold(tx, clock, processing.holdId!);
        await tx.execute(`UPDATE bill_orders SET status = 'failed', message = 'x', settled_at = now() WHERE id = '${processing.id}'`);
      }),
    );
    expect(error).toMatch(/is failed but its gem hold is captured/);
    const [still] = await database.query<{ status: string }>('SELECT status FROM bill_orders WHERE id = $1', [processing.id]);
    expect(still?.status).toBe('processing');
  });

  it('deleting or truncating orders', async () => {
    const done = await orderIn('successful');
    expect(await refused(`DELETE FROM bill_orders WHERE id = '${done.id}'`)).toMatch(/bill orders are kept/);
    expect(await refused('TRUNCATE bill_orders CASCADE')).toMatch(/kept|gem/);
  });
});

describe("the sandbox's documented inputs, end to end", () => {
  it('0000 refused; 9999 times out then successful; 8888 times out then failed; 7777 lost, then failed after the grace', async () => {
    const userId = await customer(2000);
    const place = async (phone: string) => {
      const { order } = await createBillOrder(database.db, clock, {
        userId,
        idempotencyKey: randomUUID(),
        input: { kind: 'airtime', network: 'glo', phone, amount: 100 },
      });
      return authoriseBillOrder(database.db, deps, userId, order.id, PIN);
    };
    const refused = await place('08050000000');
    // Our words for the refusal's reason, never the provider's (that stays in provider_message).
    expect(refused).toMatchObject({
      status: 'failed',
      message: billRefusalTexts.invalid_number,
      providerMessage: 'Transaction failed: this number cannot be recharged on the selected network',
    });
    const [slowOk, slowFail, lost] = [await place('08059999999'), await place('08058888888'), await place('08057777777')];
    expect([slowOk.status, slowFail.status, lost.status]).toEqual(['processing', 'processing', 'processing']);
    const worker = new JobWorker(database.db, { clock });
    for (const job of billJobs(deps).jobs) worker.register(job);
    clock.advance(settings.requeryDelayMs);
    await worker.runDue();
    const statusOf = async (id: string) =>
      (await database.query<{ status: string }>('SELECT status FROM bill_orders WHERE id = $1', [id]))[0]?.status;
    expect([await statusOf(slowOk.id), await statusOf(slowFail.id), await statusOf(lost.id)]).toEqual(['successful', 'failed', 'failed']);
    const [balance] = await database.query<{ balance: string }>(
      "SELECT balance::text FROM gem_accounts WHERE user_id = $1 AND kind = 'available'",
      [userId],
    );
    expect(balance?.balance).toBe('1900');
  });

  it('electricity: a 20-digit token and units on the order', async () => {
    const userId = await customer(5000);
    const { order } = await createBillOrder(database.db, clock, {
      userId,
      idempotencyKey: randomUUID(),
      input: {
        kind: 'electricity',
        provider: 'kano',
        meter_number: '45012345678',
        meter_type: 'postpaid',
        phone: '08031234567',
        amount: 2000,
      },
    });
    const done = await authoriseBillOrder(database.db, deps, userId, order.id, PIN);
    expect(done.status).toBe('successful');
    expect(done.token).toMatch(/^\d{4}(-\d{4}){4}$/);
    expect(done.units).toBe('9.7 kWh');
  });
});

describe('the plan cache', () => {
  it('prices at the integer part, drops what it cannot offer, keeps one row per code', () => {
    expect(planAmountGems('49.99')).toBe(49);
    expect(planAmountGems('600')).toBe(600);
    expect(planAmountGems('0.50')).toBeUndefined();
    expect(planAmountGems('abc')).toBeUndefined();
    const plans: ProviderPlan[] = [
      { variationCode: 'a', name: 'A', amountNaira: '100.00' },
      { variationCode: 'a', name: 'A again', amountNaira: '200.00' },
      { variationCode: 'b', name: 'Free', amountNaira: '0' },
      { variationCode: 'c', name: 'C', amountNaira: '99999999999' },
    ];
    expect(toCachedPlans(plans)).toEqual([{ variation_code: 'a', name: 'A', amount: 100 }]);
  });

  it('the recurring job refreshes every list; a failed refresh keeps the last good list', async () => {
    let price = '600.00';
    let down = false;
    class ChangingPlans extends SandboxBillsProvider {
      override async dataPlans(network: Parameters<BillsProvider['dataPlans']>[0]): Promise<ProviderPlan[]> {
        if (down) throw new BillsProviderError('outage');
        return network === 'mtn'
          ? [{ variationCode: 'mtn-1gb-sme', name: 'MTN 1GB (SME) – 30 days', amountNaira: price }]
          : super.dataPlans(network);
      }
    }
    const changing = new ChangingPlans({ slowMs: 0 });
    const jobDeps: BillDeps = { ...deps, bills: changing };
    const worker = new JobWorker(database.db, {
      clock,
      schedules: billJobs(jobDeps).schedules.filter((s) => s.name === BILL_PLAN_REFRESH_JOB),
    });
    for (const job of billJobs(jobDeps).jobs) worker.register(job);

    clock.advance(settings.planRefreshIntervalMs);
    const refreshes = (await worker.runDue()).filter((r) => r.name === BILL_PLAN_REFRESH_JOB);
    expect(refreshes.map((r) => r.outcome)).toEqual(['done']);
    const catalogue = { bills: changing, clock, settings };
    expect(await listPlans(database.db, catalogue, { kind: 'data', service: 'mtn' })).toEqual([
      { variation_code: 'mtn-1gb-sme', name: 'MTN 1GB (SME) – 30 days', amount: 600 },
    ]);
    expect((await listPlans(database.db, catalogue, { kind: 'tv', service: 'gotv' })).length).toBeGreaterThan(3);

    price = '650.00';
    clock.advance(settings.planRefreshIntervalMs);
    await worker.runDue();
    expect((await listPlans(database.db, catalogue, { kind: 'data', service: 'mtn' }))[0]?.amount).toBe(650);

    down = true;
    clock.advance(settings.planRefreshIntervalMs);
    await worker.runDue();
    expect((await listPlans(database.db, catalogue, { kind: 'data', service: 'mtn' }))[0]?.amount).toBe(650);
    const [state] = await database.query<{ last_error: string }>(
      "SELECT last_error FROM bill_plan_sets WHERE kind = 'data' AND service = 'mtn'",
    );
    expect(state?.last_error).toBe('outage');

    // The same slot run again (another instance) calls the provider no more: the claim decides.
    down = false;
    const outcomes = await refreshAllPlans(database.db, catalogue);
    expect(Object.keys(outcomes)).toHaveLength(ALL_PLAN_SETS.length);
    expect(new Set(Object.values(outcomes))).toEqual(new Set(['skipped']));
  });
});
