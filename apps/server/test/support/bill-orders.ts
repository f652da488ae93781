import { randomUUID } from 'node:crypto';
import type { BillOrder } from '@wise/shared';
import { expect } from 'vitest';
import { loadConfig } from '#server/config';
import { refreshPlanSet, type PlanSet } from '#server/domain/bills/catalogue';
import { billJobs } from '#server/domain/bills/jobs';
import { billSettings, type BillDeps } from '#server/domain/bills/settings';
import { auditLedger } from '#server/domain/gems/audit';
import { getGemBalance } from '#server/domain/gems/ledger';
import { accrueReward, claimRewards } from '#server/domain/rewards/rewards';
import { JobWorker } from '#server/jobs/worker';
import type { ManualClock } from '#server/lib/clock';
import { createAirtimeProvider } from '#server/providers/airtime/index';
import { createBillsProvider } from '#server/providers/bills/index';
import { createTestApp, get, post, type TestApp } from './app';
import { startFakeAirtime, type FakeAirtimeServer } from './fake-airtime';
import { startFakeBills, type FakeBillsServer } from './fake-bills';
import { createCustomer, type TestUser } from './users';

/** The app with both bill providers pointed at local fakes, and what the bill tests need around it. */
export interface BillsHarness {
  t: TestApp;
  airtime: FakeAirtimeServer;
  bills: FakeBillsServer;
  env: Record<string, string>;
  /** The same real clients the app uses, for jobs and direct domain calls. */
  deps: BillDeps;
  close(): Promise<void>;
}

export const PROVIDER_TIMEOUT_MS = 1000;
export const PIN = '2580';

export async function startBillsHarness(
  clock: ManualClock,
  options: { rateLimitMultiplier?: number; env?: Record<string, string> } = {},
): Promise<BillsHarness> {
  const [airtime, bills] = await Promise.all([startFakeAirtime(), startFakeBills()]);
  // "Slow" answers come well after the client has given up.
  airtime.slowMs = bills.slowMs = 3 * PROVIDER_TIMEOUT_MS;
  bills.plans.set('mtn-data', [
    { name: 'MTN 40MB (Daily) – 1 day', variation_code: 'mtn-40mb-daily', variation_amount: '49.99' },
    { name: 'MTN 1GB (SME) – 30 days', variation_code: 'mtn-1gb-sme', variation_amount: '600.00' },
    { name: 'MTN 2GB (SME) – 30 days', variation_code: 'mtn-2gb-sme', variation_amount: 1200 },
  ]);
  bills.plans.set('dstv', [
    { name: 'DStv Padi', variation_code: 'dstv-padi', variation_amount: '4400.00' },
    { name: 'DStv Compact', variation_code: 'dstv-compact', variation_amount: '19000.00' },
  ]);
  const env = {
    AIRTIME_PUBLIC_KEY: airtime.publicKey,
    AIRTIME_BASE_URL: airtime.url,
    AIRTIME_TIMEOUT_MS: String(PROVIDER_TIMEOUT_MS),
    BILLS_PUBLIC_KEY: bills.publicKey,
    BILLS_BASE_URL: bills.url,
    BILLS_TIMEOUT_MS: String(PROVIDER_TIMEOUT_MS),
  };
  const t = await createTestApp({ clock, env: { ...env, ...options.env }, rateLimitMultiplier: options.rateLimitMultiplier });
  const config = loadConfig({ NODE_ENV: 'test', ...env });
  const deps: BillDeps = {
    clock,
    airtime: createAirtimeProvider(config),
    bills: createBillsProvider(config),
    settings: billSettings(config),
  };
  return {
    t,
    airtime,
    bills,
    env,
    deps,
    async close() {
      await t.close();
      await Promise.all([airtime.close(), bills.close()]);
    },
  };
}

/**
 * Fills the plan cache with the fake's MTN data and DStv lists. The client waits only
 * PROVIDER_TIMEOUT_MS, which a busy test machine can miss: a failed fetch is tried again.
 */
export async function fillPlans(h: BillsHarness, clock: ManualClock): Promise<void> {
  const sets: PlanSet[] = [
    { kind: 'data', service: 'mtn' },
    { kind: 'tv', service: 'dstv' },
  ];
  for (const set of sets) {
    for (let attempt = 1; ; attempt += 1) {
      const outcome = await refreshPlanSet(h.t.database.db, h.deps, set);
      const [state] = await h.t.database.query<{ fetched: boolean }>(
        'SELECT fetched_at IS NOT NULL AS fetched FROM bill_plan_sets WHERE kind = $1 AND service = $2',
        [set.kind, set.service],
      );
      // Refreshed now, or fetched before and not due again: either way the list is there.
      if (outcome === 'refreshed' || (outcome === 'skipped' && state?.fetched)) break;
      if (attempt >= 5) throw new Error(`could not fill the ${set.service} plans`);
      clock.advance(h.deps.settings.planRetryMs);
    }
  }
}

/** A worker running only the bills jobs, as a server process would (its own id). */
export function billWorker(h: BillsHarness, workerId = `bills-test-${randomUUID().slice(0, 8)}`): JobWorker {
  const worker = new JobWorker(h.t.database.db, { clock: h.deps.clock, workerId });
  for (const job of billJobs(h.deps).jobs) worker.register(job);
  return worker;
}

/** A logged-in customer holding `gems` spendable gems (credited as real gems arrive) and, unless told otherwise, a PIN. */
export async function customerWithGems(h: BillsHarness, gems: number, options: { pin?: boolean } = {}): Promise<TestUser> {
  const user = await createCustomer(h.t);
  if (gems > 0) {
    await accrueReward(h.t.database.db, h.deps.clock, {
      userId: user.id,
      source: `seed:${randomUUID()}`,
      amount: gems,
      description: 'Seed',
    });
    await claimRewards(h.t.database.db, h.deps.clock, user.id);
  }
  if (options.pin !== false) {
    const set = await post(h.t.app, '/api/pin', { pin: PIN, confirm_pin: PIN }, user.cookie);
    expect(set.statusCode).toBe(200);
  }
  expect(await getGemBalance(h.t.database.db, user.id)).toBe(gems);
  return user;
}

export function checkout(h: BillsHarness, user: TestUser, body: Record<string, unknown>, key: string = randomUUID()) {
  return post(h.t.app, '/api/bills/orders', body, user.cookie, { headers: { 'idempotency-key': key } });
}

/** Checks out and expects the order to be created. */
export async function newOrder(h: BillsHarness, user: TestUser, body: Record<string, unknown>): Promise<BillOrder> {
  const response = await checkout(h, user, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ order: BillOrder }>().order;
}

export const authorise = (h: BillsHarness, user: TestUser, orderId: string, pin = PIN) =>
  post(h.t.app, `/api/bills/orders/${orderId}/authorise`, { pin }, user.cookie);

export const orderOf = async (h: BillsHarness, user: TestUser, orderId: string): Promise<BillOrder> => {
  const response = await get(h.t.app, `/api/bills/orders/${orderId}`, user.cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ order: BillOrder }>().order;
};

export const airtimeBody = (overrides: Record<string, unknown> = {}) => ({
  kind: 'airtime',
  network: 'mtn',
  phone: '08031234567',
  amount: 500,
  ...overrides,
});

/** The hold behind an order, and every ledger entry it made (hold, then at most one settlement). */
export async function holdOf(h: BillsHarness, orderId: string) {
  const holds = await h.t.database.query<{ id: string; status: string; amount: string }>(
    'SELECT id, status, amount::text FROM gem_holds WHERE reference = $1',
    [`bill:${orderId}`],
  );
  const entries = await h.t.database.query<{ reason: string }>(
    `SELECT reason FROM gem_entries WHERE idempotency_key IN ($1, $2) ORDER BY created_at, reason`,
    [`hold:bill:${orderId}`, `hold:bill:${orderId}:settle`],
  );
  return { hold: holds[0], count: holds.length, entries: entries.map((e) => e.reason) };
}

/** The customer's ledger is sound: cached balances equal their lines, entries balance, nothing negative. */
export async function expectLedgerSound(h: BillsHarness, userIds: string[]): Promise<void> {
  const audit = await auditLedger(h.t.database.db, { userIds });
  expect(audit.ok, JSON.stringify(audit)).toBe(true);
}

/** Each test starts from fakes that succeed at once, unless told how slow a slow answer is. */
export function resetFakes(h: BillsHarness, options: { slowMs?: number } = {}): void {
  for (const fake of [h.airtime, h.bills]) {
    fake.script.length = 0;
    fake.defaultBehaviour = 'success';
    fake.failAllWith = undefined;
    if (options.slowMs !== undefined) fake.slowMs = options.slowMs;
  }
}
