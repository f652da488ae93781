import { staffRoles } from '@wise/shared/admin';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { saleApprovalReasonCodes } from './choices';
import { giftCardSubcategories } from './giftcards';
import { sales } from './sales';

/**
 * Mirrors db/migrations/0011_back_office.sql: staff, their sessions, the audit log, payouts and the
 * catalogue's rate history. The SQL is the source of truth; its triggers keep payouts to one per
 * sale, decisions immutable and the audit log append-only.
 */

export const staffSessionStages = ['password', 'verified'] as const;
export const payoutMethods = ['transfer', 'manual'] as const;
export const payoutStatuses = ['queued', 'sending', 'pending', 'needs_review', 'success', 'failed', 'reversed'] as const;
export const payoutStarters = ['staff', 'customer'] as const;
export const payoutHolds = ['waiting_for_funds', 'awaiting_otp'] as const;
export type PayoutHold = (typeof payoutHolds)[number];
export type PayoutStatus = (typeof payoutStatuses)[number];

const at = (name: string) => timestamp(name, { withTimezone: true });

export const staff = pgTable(
  'staff',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored lower-cased. */
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role', { enum: staffRoles }).notNull(),
    passwordHash: text('password_hash').notNull(),
    mustChangePassword: boolean('must_change_password').notNull().default(true),
    /** Encrypted authenticator secret (never the plain base32). */
    totpSecret: text('totp_secret'),
    totpEnabledAt: at('totp_enabled_at'),
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    failedLogins: integer('failed_logins').notNull().default(0),
    lockedUntil: at('locked_until'),
    disabledAt: at('disabled_at'),
    createdBy: uuid('created_by').references((): AnyPgColumn => staff.id, { onDelete: 'restrict' }),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
    /** When the current sign-in was issued (created, promoted, re-enabled, reset); set by the database's staff_power_guard. */
    credentialsAt: at('credentials_at').notNull().defaultNow(),
    /** 0055: the system approver of clean deposit sales; the database refuses it a session, a passkey and any change. */
    system: boolean('system').notNull().default(false),
  },
  (t) => [
    uniqueIndex('staff_email_key').on(t.email),
    uniqueIndex('staff_one_system')
      .on(t.system)
      .where(sql`system`),
  ],
);

export const staffSessions = pgTable(
  'staff_sessions',
  {
    idHash: text('id_hash').primaryKey(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    stage: text('stage', { enum: staffSessionStages }).notNull(),
    createdAt: at('created_at').notNull(),
    lastSeenAt: at('last_seen_at').notNull(),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId), index('staff_sessions_expiry_idx').on(t.expiresAt)],
);

/** Append-only (triggers refuse UPDATE, DELETE and TRUNCATE). */
export const staffAuditLog = pgTable(
  'staff_audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    staffId: uuid('staff_id').references(() => staff.id, { onDelete: 'restrict' }),
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    note: text('note'),
    ip: text('ip'),
    at: at('at').notNull(),
  },
  (t) => [
    index('staff_audit_log_at_idx').on(t.at.desc(), t.id.desc()),
    index('staff_audit_log_target_idx').on(t.targetType, t.targetId, t.at.desc(), t.id.desc()),
    index('staff_audit_log_staff_idx').on(t.staffId, t.at.desc(), t.id.desc()),
  ],
);

/** Each attempt to pay a sale; at most one per sale that has not definitely failed. */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    saleId: uuid('sale_id')
      .notNull()
      .references(() => sales.id, { onDelete: 'restrict' }),
    attempt: smallint('attempt').notNull(),
    reference: text('reference').notNull(),
    method: text('method', { enum: payoutMethods }).notNull(),
    status: text('status', { enum: payoutStatuses }).notNull(),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    bankCode: text('bank_code').notNull(),
    accountNumber: text('account_number').notNull(),
    accountName: text('account_name').notNull(),
    recipientCode: text('recipient_code'),
    providerReference: text('provider_reference'),
    failureReason: text('failure_reason'),
    note: text('note'),
    /** Null when the customer started it (a bank change after a failed payout; 0019). */
    createdBy: uuid('created_by').references(() => staff.id, { onDelete: 'restrict' }),
    createdAt: at('created_at').notNull(),
    sentAt: at('sent_at'),
    settledAt: at('settled_at'),
    // 0019: who started it, a held success's provider figures, staff's resolution, a reversal.
    startedBy: text('started_by', { enum: payoutStarters }).notNull().default('staff'),
    reportedAmountKobo: bigint('reported_amount_kobo', { mode: 'number' }),
    reportedCurrency: text('reported_currency'),
    reviewReason: text('review_reason'),
    resolvedBy: uuid('resolved_by').references((): AnyPgColumn => staff.id, { onDelete: 'restrict' }),
    resolutionNote: text('resolution_note'),
    reversedAt: at('reversed_at'),
    /** 0047: what a reversal did about the sale's rewards (taken back, or why not). */
    rewardsNote: text('rewards_note'),
    // 0025: an open attempt held (waiting for funds, awaiting an OTP); any status move ends it.
    hold: text('hold', { enum: payoutHolds }),
    heldAt: at('held_at'),
    // 0049: failing to reach the provider since when and why (cleared by its next answer); the customer told once.
    unreachableSince: at('unreachable_since'),
    unreachableReason: text('unreachable_reason'),
    delayNoticedAt: at('delay_noticed_at'),
  },
  (t) => [
    unique('payouts_reference_key').on(t.reference),
    unique('payouts_attempt_key').on(t.saleId, t.attempt),
    uniqueIndex('payouts_one_live_per_sale')
      .on(t.saleId)
      .where(sql`status NOT IN ('failed', 'reversed')`),
    index('payouts_held_idx')
      .on(t.createdAt, t.id)
      .where(sql`status = 'needs_review'`),
    index('payouts_held_open_idx')
      .on(t.hold, t.createdAt, t.id)
      .where(sql`hold IS NOT NULL`),
    index('payouts_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('payouts_open_idx')
      .on(t.createdAt, t.id)
      .where(sql`status IN ('queued', 'sending', 'pending')`),
    uniqueIndex('payouts_one_delay_notice')
      .on(t.saleId)
      .where(sql`delay_noticed_at IS NOT NULL`),
    index('payouts_unreachable_idx')
      .on(t.unreachableSince)
      .where(sql`unreachable_since IS NOT NULL`),
  ],
);

/**
 * Mirrors 0016_approval_limits.sql: a request for a second approval (an amount above the quote or
 * the single-approval limit) and its one decision by another admin. Triggers refuse a decision by
 * the requester or a non-admin, a rewrite, a delete.
 */
export const approvalOutcomes = ['confirmed', 'declined'] as const;
export const saleApprovalRequests = pgTable(
  'sale_approval_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    saleId: uuid('sale_id')
      .notNull()
      .references(() => sales.id, { onDelete: 'restrict' }),
    requestedBy: uuid('requested_by')
      .notNull()
      .references(() => staff.id, { onDelete: 'restrict' }),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    valueKobo: bigint('value_kobo', { mode: 'number' }).notNull(),
    reasonCode: text('reason_code', { enum: saleApprovalReasonCodes }),
    note: text('note'),
    createdAt: at('created_at').notNull(),
    decidedBy: uuid('decided_by').references(() => staff.id, { onDelete: 'restrict' }),
    decidedAt: at('decided_at'),
    outcome: text('outcome', { enum: approvalOutcomes }),
    decisionNote: text('decision_note'),
  },
  (t) => [
    uniqueIndex('sale_approval_requests_one_open')
      .on(t.saleId)
      .where(sql`outcome IS NULL`),
    index('sale_approval_requests_sale_idx').on(t.saleId, t.createdAt),
    index('sale_approval_requests_open_idx')
      .on(t.createdAt, t.id)
      .where(sql`outcome IS NULL`),
  ],
);

/** Written by the database on every rate change (trigger); the staff member from `wise.staff_id`. */
export const giftCardRateHistory = pgTable(
  'gift_card_rate_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    subcategoryId: uuid('subcategory_id')
      .notNull()
      .references(() => giftCardSubcategories.id, { onDelete: 'restrict' }),
    oldRate: numeric('old_rate', { precision: 12, scale: 2 }),
    newRate: numeric('new_rate', { precision: 12, scale: 2 }).notNull(),
    changedBy: uuid('changed_by').references(() => staff.id, { onDelete: 'restrict' }),
    changedAt: at('changed_at').notNull(),
  },
  (t) => [index('gift_card_rate_history_subcategory_idx').on(t.subcategoryId, t.changedAt.desc(), t.id.desc())],
);
