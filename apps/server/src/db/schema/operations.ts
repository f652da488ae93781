import { bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Mirrors db/migrations/0024_alert_incidents.sql (the SQL is the source of truth). */

export const alertKinds = ['payout_failure_rate', 'payouts_stuck', 'job_backlog', 'stale_prices', 'ledger_audit'] as const;
export type AlertKind = (typeof alertKinds)[number];

const at = (name: string) => timestamp(name, { withTimezone: true });

export const alertIncidents = pgTable('alert_incidents', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  kind: text('kind', { enum: alertKinds }).notNull(),
  openedAt: at('opened_at').notNull(),
  detail: text('detail').notNull(),
  resolvedAt: at('resolved_at'),
});
