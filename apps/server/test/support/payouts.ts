import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database, Db } from '#server/db/client';
import { payoutJobs } from '#server/domain/payouts/jobs';
import { startPayout } from '#server/domain/payouts/payouts';
import { payoutSettings, type PayoutDeps } from '#server/domain/payouts/settings';
import type { ReportedSuccess } from '#server/domain/payouts/settle';
import { emailJobs } from '#server/domain/notifications/email';
import type { StaffPayoutDeps } from '#server/domain/payouts/staff';
import type { StaffConfirmationRequest } from '#server/domain/staff/confirm';
import type { StaffPrincipal } from '#server/domain/staff/principal';
import { JobWorker, type JobRun } from '#server/jobs/worker';
import { loadConfig } from '#server/config';
import type { Clock } from '#server/lib/clock';
import type { PayoutProvider } from '#server/providers/payouts/index';
import type { TestApp } from './app';

/**
 * For the payouts tests: staff straight in the table (no login needed), a sale approved the way
 * the review code does it (under_review → approved with the decision, then startPayout in the
 * same transaction), and a worker running the payouts and e-mail jobs on demand.
 */

export async function insertStaff(database: Database, role: 'reviewer' | 'admin' = 'reviewer'): Promise<StaffPrincipal> {
  const tag = randomUUID().slice(0, 8);
  const email = `staff-${tag}@wise.test`;
  const [row] = await database.query<{ id: string }>(
    // As admin:create does, and long-standing (docs/separation-of-duties.md).
    `WITH cli AS (SELECT set_config('wise.staff_cli', 'on', true))
     INSERT INTO staff (email, name, role, password_hash, must_change_password, created_at, updated_at)
     SELECT $1, $2, $3, 'x', false, now(), now() FROM cli RETURNING id`,
    [email, `Staff ${tag}`, role],
  );
  await database.query("UPDATE staff SET credentials_at = created_at - interval '30 days' WHERE id = $1", [row!.id]);
  return { id: row!.id, email, name: `Staff ${tag}`, role };
}

/** Approves a submitted sale at its value (or `amountKobo` with a note) and starts attempt 1. */
export async function approveSale(database: Database, clock: Clock, saleId: string, staffId: string, amountKobo?: number) {
  return database.db.transaction(async (tx) => {
    const at = clock.now().toISOString();
    await tx.execute(sql`UPDATE sales SET status = 'under_review', status_changed_at = ${at}::timestamptz WHERE id = ${saleId}`);
    await tx.execute(sql`UPDATE sales SET status = 'approved', status_changed_at = ${at}::timestamptz, decided_at = ${at}::timestamptz, decided_by = ${staffId},
      payout_amount_kobo = coalesce(${amountKobo ?? null}::bigint, value_kobo),
      approval_note = CASE WHEN ${amountKobo ?? null}::bigint IS NULL THEN NULL ELSE 'Adjusted in a test' END
      WHERE id = ${saleId}`);
    return startPayout(tx, clock, { saleId, staffId });
  });
}

export function payoutTestDeps(provider: PayoutProvider, clock: Clock, env: Record<string, string> = {}): PayoutDeps {
  const config = loadConfig({ NODE_ENV: 'test', ...env });
  return { clock, provider, settings: payoutSettings(config), appUrl: 'http://localhost:3000' };
}

/** A confirmation as the routes pass it on; whether it holds is the `confirm` dependency's answer. */
export const confirmation: StaffConfirmationRequest = { confirm_code: '123456', sessionHash: 'test-session' };

/**
 * Staff's payout actions whose confirmation always holds, unless `confirm` is given: the real
 * check (domain/staff/confirm.ts) has its own tests, and the routes' tests send real codes.
 */
export function staffPayoutTestDeps(db: Db, clock: Clock, confirm: StaffPayoutDeps['confirm'] = async () => undefined): StaffPayoutDeps {
  return { db, clock, confirm };
}

/** A success the provider reported with its transfer code and no figures (nothing to compare). */
export const reportedCode = (transferCode: string): ReportedSuccess => ({ transferCode, amountKobo: null, currency: null });

/**
 * Runs the payouts jobs (on the test's clock) and then the e-mail job (on the system clock:
 * `enqueueEmail` stamps its jobs with the real time, which a ManualClock in the past never reaches).
 */
export function payoutWorker(t: TestApp, deps: PayoutDeps): { runDue(): Promise<JobRun[]> } {
  const payoutsWorker = new JobWorker(t.database.db, { clock: deps.clock, pollIntervalMs: 10 });
  for (const job of payoutJobs(deps).jobs) payoutsWorker.register(job);
  const mailWorker = new JobWorker(t.database.db, { pollIntervalMs: 10 });
  for (const job of emailJobs(t.outbox).jobs) mailWorker.register(job);
  return {
    async runDue() {
      const runs = await payoutsWorker.runDue();
      return [...runs, ...(await mailWorker.runDue())];
    },
  };
}

export interface PayoutRowView {
  id: string;
  attempt: number;
  reference: string;
  method: string;
  status: string;
  provider_reference: string | null;
  failure_reason: string | null;
}

export const payoutRows = (database: Database, saleId: string) =>
  database.query<PayoutRowView>(
    'SELECT id, attempt, reference, method, status, provider_reference, failure_reason FROM payouts WHERE sale_id = $1 ORDER BY attempt',
    [saleId],
  );

export const saleRow = async (database: Database, saleId: string) =>
  (
    await database.query<{ status: string; payout_reference: string | null; paid_at: Date | null }>(
      'SELECT status, payout_reference, paid_at FROM sales WHERE id = $1',
      [saleId],
    )
  )[0];
