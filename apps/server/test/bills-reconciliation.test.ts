import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billMessages } from '@wise/shared';
import { checkAlerts, type AlertSettings } from '../src/domain/operations/alerts';
import { readFloat, recordFloat } from '../src/domain/operations/floats';
import { compareOrder } from '../src/domain/reconciliation/bills';
import { runReconciliation, type ReconciliationDeps } from '../src/domain/reconciliation/runs';
import { ManualClock } from '../src/lib/clock';
import { SandboxBillsProvider } from '../src/providers/bills/sandbox';
import { SandboxPayouts } from '../src/providers/payouts/index';
import { authorise, customerWithGems, fillPlans, newOrder, startBillsHarness, type BillsHarness } from './support/bill-orders';

/**
 * The bills side of the daily reconciliation (domain/reconciliation/bills.ts) against the fake
 * bill service over HTTP: each kind of mismatch made at the provider, found once, stored once
 * however often the day is run; and the bill wallet's float and its alert.
 */

// 10:00 in Lagos on 3 August; the business day is 2026-08-03.
const clock = new ManualClock('2026-08-03T09:00:00Z');
const DAY = '2026-08-03';
let h: BillsHarness;
let deps: ReconciliationDeps;

const settings: AlertSettings = {
  payoutFailureRate: 0.2,
  payoutFailureMinSample: 5,
  payoutStuckMinutes: 30,
  jobAgeMinutes: 10,
  maxPriceAgeSeconds: 600,
  payoutFloatAlertKobo: 0,
  billsFloatAlertKobo: 50_000_00,
  providerUnreachableMinutes: 2,
};

beforeAll(async () => {
  h = await startBillsHarness(clock);
  await fillPlans(h, clock);
  deps = {
    clock,
    timeZone: 'Africa/Lagos',
    payouts: new SandboxPayouts(h.t.database.db, 0, clock),
    airtime: h.deps.airtime,
    bills: h.deps.bills,
    payoutFloatAlertKobo: 0,
    billsFloatAlertKobo: 50_000_00,
  };
});
afterAll(async () => {
  await h?.close();
});

const dataBody = { kind: 'data', network: 'mtn', phone: '08031234567', variation_code: 'mtn-1gb-sme', expected_amount: 600 };

async function deliveredOrder(): Promise<{ requestId: string; id: string }> {
  const user = await customerWithGems(h, 5000);
  const order = await newOrder(h, user, dataBody);
  const answer = await authorise(h, user, order.id);
  expect(answer.statusCode, answer.body).toBe(200);
  const [row] = await h.t.database.query<{ request_id: string; status: string }>(
    'SELECT request_id, status FROM bill_orders WHERE id = $1',
    [order.id],
  );
  expect(row?.status).toBe('successful');
  return { requestId: row!.request_id, id: order.id };
}

const openMismatches = () =>
  h.t.database.query<{ kind: string; reference: string; ours: { status: string } | null; theirs: { outcome: string } | null }>(
    "SELECT kind, reference, ours, theirs FROM reconciliation_mismatches WHERE provider_kind = 'bills' AND resolved_at IS NULL ORDER BY kind, reference",
  );

describe('bill reconciliation', () => {
  it('finds each kind of mismatch the provider can show, once', async () => {
    const agreed = await deliveredOrder();
    // We captured the gems; the provider says it failed (the customer paid for nothing).
    const failedThere = await deliveredOrder();
    h.bills.settle(failedThere.requestId, 'failed');
    // We refunded the gems after the provider's refusal; the provider now says it delivered.
    const user = await customerWithGems(h, 5000);
    const declined = await newOrder(h, user, dataBody);
    h.bills.script.push('decline');
    expect((await authorise(h, user, declined.id)).statusCode).toBe(422);
    const [declinedRow] = await h.t.database.query<{ request_id: string }>('SELECT request_id FROM bill_orders WHERE id = $1', [
      declined.id,
    ]);
    h.bills.settle(declinedRow!.request_id, 'successful');
    // Another amount charged.
    const overcharged = await deliveredOrder();
    h.bills.records.set(overcharged.requestId, { ...h.bills.records.get(overcharged.requestId)!, amount: '650.00' });
    // The provider has no record of a delivery we recorded.
    const lost = await deliveredOrder();
    h.bills.records.delete(lost.requestId);

    clock.advance(24 * 60 * 60_000);
    const run = await runReconciliation(h.t.database.db, deps, { providerKind: 'bills', businessDate: DAY, trigger: 'schedule' });
    expect(run).toMatchObject({ outcome: 'completed', ours_count: 5, theirs_count: 5, unchecked_count: 0, mismatch_count: 4 });
    const found = await openMismatches();
    expect(found.map((m) => [m.kind, m.reference])).toEqual(
      [
        ['amount_differs', overcharged.requestId],
        ['missing_at_provider', lost.requestId],
        ['status_differs', failedThere.requestId],
        ['status_differs', declinedRow!.request_id],
      ].sort((a, b) => `${a[0]}${a[1]}`.localeCompare(`${b[0]}${b[1]}`)),
    );
    expect(found.find((m) => m.reference === failedThere.requestId)).toMatchObject({
      ours: { status: 'successful' },
      theirs: { outcome: 'failed' },
    });
    expect(found.find((m) => m.reference === declinedRow!.request_id)).toMatchObject({
      ours: { status: 'failed' },
      theirs: { outcome: 'successful' },
    });
    expect(found.some((m) => m.reference === agreed.requestId)).toBe(false);

    // The same day again: nothing new is stored; the alert opened once.
    const again = await runReconciliation(h.t.database.db, deps, {
      providerKind: 'bills',
      businessDate: DAY,
      trigger: 'staff',
      staffId: await anyStaff(),
    });
    expect(again.mismatch_count).toBe(4);
    expect(await openMismatches()).toHaveLength(4);
    const incidents = await h.t.database.query<{ resolved: boolean }>(
      "SELECT resolved_at IS NOT NULL AS resolved FROM alert_incidents WHERE kind = 'reconciliation_mismatch'",
    );
    expect(incidents).toEqual([{ resolved: false }]);
    // Six customers with PINs and five purchases over HTTP: slow on a busy machine, not timed.
  }, 180_000);

  it('leaves an order the provider cannot answer for now unchecked, and a request that never reached it consistent', async () => {
    const order = {
      id: 'x',
      kind: 'data',
      status: 'failed',
      message: billMessages.providerUnreachable,
      requestId: 'r1',
      amount: 600,
    } as Parameters<typeof compareOrder>[0];
    expect(compareOrder(order, { outcome: 'not_found' })).toEqual([]);
    expect(compareOrder(order, { outcome: 'pending', reason: 'HTTP 503' })).toBe('unchecked');
    expect(compareOrder({ ...order, message: 'Declined by the network' }, { outcome: 'not_found' })).toMatchObject([
      { kind: 'missing_at_provider' },
    ]);
  });
});

describe('the bill wallet', () => {
  it('reads unknown from a protocol without a balance call, known from the sandbox; a low wallet alerts once and recovers', async () => {
    expect(await h.deps.bills.balance()).toEqual({ outcome: 'unknown', reason: 'the bill-payment protocol has no balance call' });
    const sandbox = new SandboxBillsProvider({ slowMs: 0, walletKobo: 20_000_00 });
    await recordFloat(h.t.database.db, clock, 'bills', await sandbox.balance());
    expect(await readFloat(h.t.database.db, 'bills')).toMatchObject({ availableKobo: 20_000_00, error: null });
    const check = () => h.t.database.db.transaction((tx) => checkAlerts(tx, clock, settings));
    expect((await check()).bills_float_low).toBe('opened');
    expect((await check()).bills_float_low).toBe('unchanged');
    // An unreadable wallet is not a low one: the incident closes (its e-mail says the balance is unknown).
    await recordFloat(h.t.database.db, clock, 'bills', await h.deps.bills.balance());
    expect((await check()).bills_float_low).toBe('resolved');
    sandbox.walletKobo = 200_000_00;
    await recordFloat(h.t.database.db, clock, 'bills', await sandbox.balance());
    expect((await check()).bills_float_low).toBe('unchanged');
    const incidents = await h.t.database.query<{ resolved: boolean }>(
      "SELECT resolved_at IS NOT NULL AS resolved FROM alert_incidents WHERE kind = 'bills_float_low' ORDER BY id",
    );
    expect(incidents).toEqual([{ resolved: true }]);
  });
});

async function anyStaff(): Promise<string> {
  const [row] = await h.t.database.query<{ id: string }>(
    `WITH cli AS (SELECT set_config('wise.staff_cli', 'on', true))
     INSERT INTO staff (email, name, role, password_hash, must_change_password, created_at, updated_at)
     SELECT 'recon-admin@wise.test', 'Recon Admin', 'admin', 'x', false, now(), now() FROM cli
     ON CONFLICT (email) DO UPDATE SET name = excluded.name RETURNING id`,
  );
  return row!.id;
}
