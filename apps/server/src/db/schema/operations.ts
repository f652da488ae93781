import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { staff } from './admin';

/** Mirrors db/migrations/0024_alert_incidents.sql, 0025_floats_reconciliation.sql, 0049_provider_outages.sql and 0056_sandbox_chain.sql (the SQL is the source of truth). */

export const alertKinds = [
  'payout_failure_rate',
  'payouts_stuck',
  'job_backlog',
  'stale_prices',
  'ledger_audit',
  'payout_float_low',
  'payouts_awaiting_otp',
  'bills_float_low',
  'reconciliation_mismatch',
  // 0049
  'payout_provider_unreachable',
  'redis_unreachable',
  // 0056
  'chain_watch_stalled',
] as const;
export type AlertKind = (typeof alertKinds)[number];

const at = (name: string) => timestamp(name, { withTimezone: true });

export const alertIncidents = pgTable(
  'alert_incidents',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: alertKinds }).notNull(),
    openedAt: at('opened_at').notNull(),
    detail: text('detail').notNull(),
    resolvedAt: at('resolved_at'),
  },
  (t) => [
    // One open incident per kind; the list newest first.
    uniqueIndex('alert_incidents_one_open')
      .on(t.kind)
      .where(sql`resolved_at IS NULL`),
    index('alert_incidents_recent').on(t.openedAt.desc(), t.id.desc()),
  ],
);

export const providerKinds = ['payouts', 'bills'] as const;
export type ProviderKind = (typeof providerKinds)[number];

/** The last balance read from each provider (0025). */
export const providerFloats = pgTable('provider_floats', {
  providerKind: text('provider_kind', { enum: providerKinds }).primaryKey(),
  availableKobo: bigint('available_kobo', { mode: 'number' }),
  error: text('error'),
  checkedAt: at('checked_at').notNull(),
  knownAt: at('known_at'),
});

export const reconciliationTriggers = ['schedule', 'staff'] as const;
export const reconciliationOutcomes = ['completed', 'failed'] as const;

export const reconciliationRuns = pgTable(
  'reconciliation_runs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    providerKind: text('provider_kind', { enum: providerKinds }).notNull(),
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    trigger: text('trigger', { enum: reconciliationTriggers }).notNull(),
    requestedBy: uuid('requested_by').references(() => staff.id, { onDelete: 'restrict' }),
    startedAt: at('started_at').notNull(),
    finishedAt: at('finished_at'),
    outcome: text('outcome', { enum: reconciliationOutcomes }),
    oursCount: integer('ours_count'),
    theirsCount: integer('theirs_count'),
    uncheckedCount: integer('unchecked_count'),
    mismatchCount: integer('mismatch_count'),
    error: text('error'),
  },
  (t) => [
    index('reconciliation_runs_recent').on(t.startedAt.desc(), t.id.desc()),
    index('reconciliation_runs_day')
      .on(t.providerKind, t.businessDate)
      .where(sql`outcome = 'completed'`),
  ],
);

export const mismatchKinds = ['missing_at_provider', 'missing_at_ours', 'amount_differs', 'status_differs'] as const;
export type MismatchKind = (typeof mismatchKinds)[number];

/** Append-only but for the resolution, written once (trigger reconciliation_mismatches_guard). */
export const reconciliationMismatches = pgTable(
  'reconciliation_mismatches',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    runId: bigint('run_id', { mode: 'number' })
      .notNull()
      .references(() => reconciliationRuns.id, { onDelete: 'restrict' }),
    providerKind: text('provider_kind', { enum: providerKinds }).notNull(),
    kind: text('kind', { enum: mismatchKinds }).notNull(),
    reference: text('reference').notNull(),
    ours: jsonb('ours'),
    theirs: jsonb('theirs'),
    detectedAt: at('detected_at').notNull(),
    resolvedBy: uuid('resolved_by').references(() => staff.id, { onDelete: 'restrict' }),
    resolvedAt: at('resolved_at'),
    note: text('note'),
  },
  (t) => [
    // One open mismatch per provider, kind and reference; the open ones oldest first; a run's own.
    uniqueIndex('reconciliation_mismatches_one_open')
      .on(t.providerKind, t.kind, t.reference)
      .where(sql`resolved_at IS NULL`),
    index('reconciliation_mismatches_open')
      .on(t.detectedAt, t.id)
      .where(sql`resolved_at IS NULL`),
    index('reconciliation_mismatches_run').on(t.runId, t.id),
  ],
);
