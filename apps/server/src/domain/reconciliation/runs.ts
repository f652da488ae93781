import { addDays, localDateAt, startOfLocalDate } from '@wise/shared';
import type { HeldPayout, ProviderFloat, ReconciliationMismatch, ReconciliationOverview, ReconciliationRun } from '@wise/shared/admin';
import { and, asc, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { payouts, providerFloats, reconciliationMismatches, reconciliationRuns, type ProviderKind } from '#server/db/schema/index';
import type { Clock } from '#server/lib/clock';
import type { AirtimeProvider } from '#server/providers/airtime/index';
import type { BillsProvider } from '#server/providers/bills/index';
import type { PayoutProvider } from '#server/providers/payouts/index';
import { recordStaffAction } from '../admin/audit';
import { DomainError, forbidden, notFound, validationError } from '../errors';
import { observeAlert, readReconciliationMismatches } from '../operations/alerts';
import type { StaffPrincipal } from '../staff/principal';
import { compareBillsDay } from './bills';
import type { DayComparison } from './findings';
import { comparePayoutsDay } from './payouts';

/**
 * Reconciliation runs (README.md here): one provider kind, one business day (APP_TIMEZONE).
 * A run is written when it starts and finished once (migration 0025's guard); its mismatches are
 * stored open — one open mismatch per kind and reference, however often a day is run again — and
 * the `reconciliation_mismatch` alert is observed at once, so admins hear of a mismatch the
 * moment a run finds it.
 */

export interface ReconciliationDeps {
  clock: Clock;
  timeZone: string;
  payouts: PayoutProvider;
  airtime: AirtimeProvider;
  bills: BillsProvider;
  /** The float thresholds the overview shows beside each balance. */
  payoutFloatAlertKobo: number;
  billsFloatAlertKobo: number;
}

export const reconciliationErrorCodes = {
  dayNotOver: 'RECONCILIATION_DAY_NOT_OVER',
  alreadyResolved: 'MISMATCH_ALREADY_RESOLVED',
} as const;

/** The instants a business day covers: [its local midnight, the next one). */
export function businessDayBounds(date: string, timeZone: string): { from: Date; to: Date } {
  return { from: startOfLocalDate(date, timeZone), to: startOfLocalDate(addDays(date, 1), timeZone) };
}

/** Yesterday in the business time zone: the day the scheduled run compares. */
export const previousBusinessDay = (now: Date, timeZone: string) => addDays(localDateAt(now, timeZone), -1);

const iso = (value: Date | null) => (value ? value.toISOString() : null);

type RunRow = typeof reconciliationRuns.$inferSelect;
type MismatchRow = typeof reconciliationMismatches.$inferSelect;

export const toRun = (row: RunRow): ReconciliationRun => ({
  id: row.id,
  provider_kind: row.providerKind,
  business_date: row.businessDate,
  trigger: row.trigger,
  requested_by: row.requestedBy,
  started_at: row.startedAt.toISOString(),
  finished_at: iso(row.finishedAt),
  outcome: row.outcome,
  ours_count: row.oursCount,
  theirs_count: row.theirsCount,
  unchecked_count: row.uncheckedCount,
  mismatch_count: row.mismatchCount,
  error: row.error,
});

const asRecord = (value: unknown): Record<string, unknown> | null =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

export const toMismatch = (row: MismatchRow): ReconciliationMismatch => ({
  id: row.id,
  run_id: row.runId,
  provider_kind: row.providerKind,
  kind: row.kind,
  reference: row.reference,
  ours: asRecord(row.ours),
  theirs: asRecord(row.theirs),
  detected_at: row.detectedAt.toISOString(),
  resolved_by: row.resolvedBy,
  resolved_at: iso(row.resolvedAt),
  note: row.note,
});

export interface RunRequest {
  providerKind: ProviderKind;
  businessDate: string;
  trigger: 'schedule' | 'staff';
  staffId?: string;
}

/**
 * Compares one provider kind over one business day and stores what it found. A provider that
 * cannot list its transfers fails the run (recorded with the reason; the hourly job tries again).
 */
export async function runReconciliation(db: Db, deps: ReconciliationDeps, request: RunRequest): Promise<ReconciliationRun> {
  const { from, to } = businessDayBounds(request.businessDate, deps.timeZone);
  const [run] = await db
    .insert(reconciliationRuns)
    .values({
      providerKind: request.providerKind,
      businessDate: request.businessDate,
      trigger: request.trigger,
      requestedBy: request.trigger === 'staff' ? (request.staffId ?? null) : null,
      startedAt: deps.clock.now(),
    })
    .returning();
  if (!run) throw new Error('reconciliation run insert returned nothing');

  let comparison: DayComparison | { error: string };
  try {
    comparison =
      request.providerKind === 'payouts' ? await comparePayoutsDay(db, deps.payouts, from, to) : await compareBillsDay(db, deps, from, to);
  } catch (error) {
    comparison = { error: error instanceof Error ? error.message : String(error) };
  }
  const finishedAt = new Date(Math.max(deps.clock.now().getTime(), run.startedAt.getTime()));
  if ('error' in comparison) {
    const [failed] = await db
      .update(reconciliationRuns)
      .set({ finishedAt, outcome: 'failed', error: comparison.error.slice(0, 500) || 'failed' })
      .where(eq(reconciliationRuns.id, run.id))
      .returning();
    return toRun(failed ?? run);
  }
  const done = comparison;
  return db.transaction(async (tx) => {
    for (const finding of done.findings) {
      await tx.execute(sql`
        INSERT INTO reconciliation_mismatches (run_id, provider_kind, kind, reference, ours, theirs, detected_at)
        VALUES (${run.id}, ${request.providerKind}, ${finding.kind}, ${finding.reference},
                ${finding.ours === null ? null : JSON.stringify(finding.ours)}::jsonb, ${finding.theirs === null ? null : JSON.stringify(finding.theirs)}::jsonb, ${finishedAt})
        ON CONFLICT (provider_kind, kind, reference) WHERE resolved_at IS NULL DO NOTHING`);
    }
    const [finished] = await tx
      .update(reconciliationRuns)
      .set({
        finishedAt,
        outcome: 'completed',
        oursCount: done.oursCount,
        theirsCount: done.theirsCount,
        uncheckedCount: done.uncheckedCount,
        mismatchCount: done.findings.length,
      })
      .where(eq(reconciliationRuns.id, run.id))
      .returning();
    await observeAlert(tx, deps.clock, 'reconciliation_mismatch', await readReconciliationMismatches(tx));
    return toRun(finished ?? run);
  });
}

/** Whether a day already has a completed run for this provider kind (the scheduled job runs each day once). */
export async function dayReconciled(db: Db, providerKind: ProviderKind, businessDate: string): Promise<boolean> {
  const [row] = await db
    .select({ id: reconciliationRuns.id })
    .from(reconciliationRuns)
    .where(
      and(
        eq(reconciliationRuns.providerKind, providerKind),
        eq(reconciliationRuns.businessDate, businessDate),
        eq(reconciliationRuns.outcome, 'completed'),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Staff's run of a past day (admin, confirm code checked by the route), audited. */
export async function runReconciliationForStaff(
  db: Db,
  deps: ReconciliationDeps,
  staff: StaffPrincipal,
  input: { providerKind: ProviderKind; businessDate: string; ip?: string },
): Promise<ReconciliationRun> {
  if (staff.role !== 'admin') throw forbidden('Only an admin can run a reconciliation.');
  const today = localDateAt(deps.clock.now(), deps.timeZone);
  const parsed = new Date(`${input.businessDate}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== input.businessDate) {
    throw validationError('Pick a day', { business_date: 'Pick a real day (YYYY-MM-DD)' });
  }
  if (input.businessDate >= today)
    throw new DomainError(reconciliationErrorCodes.dayNotOver, 'Only a day that is over can be reconciled.', 409);
  const run = await runReconciliation(db, deps, {
    providerKind: input.providerKind,
    businessDate: input.businessDate,
    trigger: 'staff',
    staffId: staff.id,
  });
  await recordStaffAction(db, deps.clock, staff, {
    action: 'reconciliation.run',
    targetType: 'reconciliation_run',
    targetId: String(run.id),
    after: { provider_kind: run.provider_kind, business_date: run.business_date, outcome: run.outcome, mismatch_count: run.mismatch_count },
    ip: input.ip ?? null,
  });
  return run;
}

/** Marks an open mismatch resolved with what the admin checked and did; audited in the same transaction. */
export async function resolveMismatch(
  db: Db,
  clock: Clock,
  staff: StaffPrincipal,
  input: { id: number; note: string; ip?: string },
): Promise<ReconciliationMismatch> {
  if (staff.role !== 'admin') throw forbidden('Only an admin can resolve a reconciliation mismatch.');
  const note = input.note.trim();
  if (!note || note.length > 1000)
    throw validationError('Write what you checked and did', { note: 'Write a note of at most 1000 characters' });
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(reconciliationMismatches).where(eq(reconciliationMismatches.id, input.id)).for('update');
    if (!row) throw notFound('Mismatch not found');
    if (row.resolvedAt) throw new DomainError(reconciliationErrorCodes.alreadyResolved, 'This mismatch is already resolved.', 409);
    const resolvedAt = new Date(Math.max(clock.now().getTime(), row.detectedAt.getTime()));
    const [updated] = await tx
      .update(reconciliationMismatches)
      .set({ resolvedBy: staff.id, resolvedAt, note })
      .where(and(eq(reconciliationMismatches.id, row.id), isNull(reconciliationMismatches.resolvedAt)))
      .returning();
    if (!updated) throw new Error(`mismatch ${row.id} changed under its row lock`);
    await recordStaffAction(tx, clock, staff, {
      action: 'reconciliation.resolve',
      targetType: 'reconciliation_mismatch',
      targetId: String(row.id),
      before: { provider_kind: row.providerKind, kind: row.kind, reference: row.reference },
      after: { resolved: true },
      note,
      ip: input.ip ?? null,
    });
    // The last open one resolved ends the incident (admins get the recovery e-mail).
    await observeAlert(tx, clock, 'reconciliation_mismatch', await readReconciliationMismatches(tx));
    return toMismatch(updated);
  });
}

/** The Reconciliation page: recent runs, open mismatches, both floats, payouts held. */
export async function reconciliationOverview(
  db: Db,
  deps: Pick<ReconciliationDeps, 'payoutFloatAlertKobo' | 'billsFloatAlertKobo'>,
): Promise<ReconciliationOverview> {
  const runs = await db
    .select()
    .from(reconciliationRuns)
    .orderBy(desc(reconciliationRuns.startedAt), desc(reconciliationRuns.id))
    .limit(30);
  const open = await db
    .select()
    .from(reconciliationMismatches)
    .where(isNull(reconciliationMismatches.resolvedAt))
    .orderBy(asc(reconciliationMismatches.detectedAt), asc(reconciliationMismatches.id))
    .limit(200);
  const floatRows = await db.select().from(providerFloats);
  const floats: ProviderFloat[] = (['payouts', 'bills'] as const).map((kind) => {
    const row = floatRows.find((entry) => entry.providerKind === kind);
    return {
      provider_kind: kind,
      available_kobo: row?.availableKobo ?? null,
      alert_below_kobo: kind === 'payouts' ? deps.payoutFloatAlertKobo : deps.billsFloatAlertKobo,
      error: row?.error ?? null,
      checked_at: iso(row?.checkedAt ?? null),
    };
  });
  const held = await db
    .select({
      id: payouts.id,
      saleId: payouts.saleId,
      reference: payouts.reference,
      amountKobo: payouts.amountKobo,
      hold: payouts.hold,
      heldAt: payouts.heldAt,
    })
    .from(payouts)
    .where(and(isNotNull(payouts.hold), isNotNull(payouts.heldAt)))
    .orderBy(asc(payouts.heldAt))
    .limit(200);
  const heldPayouts: HeldPayout[] = held.flatMap((row) =>
    row.hold && row.heldAt
      ? [
          {
            id: row.id,
            sale_id: row.saleId,
            reference: row.reference,
            amount_kobo: row.amountKobo,
            hold: row.hold,
            held_at: row.heldAt.toISOString(),
          },
        ]
      : [],
  );
  return { runs: runs.map(toRun), open_mismatches: open.map(toMismatch), floats, held_payouts: heldPayouts };
}
