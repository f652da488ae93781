import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { staffRequestKinds, staffRequestStatuses } from '@wise/shared/admin';
import { staff } from './admin';

/**
 * Mirrors db/migrations/0045_separation_of_duties.sql (docs/separation-of-duties.md). The SQL is the
 * source of truth: its triggers refuse a power or money change without a confirmed request, a
 * request decided by its asker, and a second approval by a member whose sign-in is under a day old.
 */

const at = (name: string) => timestamp(name, { withTimezone: true });

export const dutySettings = pgTable('duty_settings', {
  id: boolean('id').primaryKey().default(true),
  rateChangePercent: numeric('rate_change_percent', { precision: 6, scale: 2 }).notNull(),
  updatedAt: at('updated_at').notNull(),
});

export const staffRequests = pgTable(
  'staff_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: staffRequestKinds }).notNull(),
    targetId: uuid('target_id'),
    targetEmail: text('target_email'),
    value: text('value').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => staff.id, { onDelete: 'restrict' }),
    createdAt: at('created_at').notNull(),
    status: text('status', { enum: staffRequestStatuses }).notNull().default('pending'),
    decidedBy: uuid('decided_by').references(() => staff.id, { onDelete: 'restrict' }),
    decidedAt: at('decided_at'),
    decisionNote: text('decision_note'),
    appliedAt: at('applied_at'),
  },
  (t) => [
    uniqueIndex('staff_requests_one_open')
      .on(t.kind, sql`coalesce(${t.targetId}::text, ${t.targetEmail})`)
      .where(sql`status = 'pending'`),
    index('staff_requests_open_idx')
      .on(t.createdAt, t.id)
      .where(sql`status = 'pending'`),
  ],
);

export const staffInvitations = pgTable(
  'staff_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [index('staff_invitations_staff_idx').on(t.staffId)],
);
