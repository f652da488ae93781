import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { staff } from './admin';
import { users } from './auth';

/** Which number a Tier 1 check looked up (shared IDENTITY_NUMBER_KINDS). */
export const identityNumberKinds = ['bvn', 'nin'] as const;
/**
 * What came of one check (shared IDENTITY_CHECK_OUTCOMES), and `pending` while the provider is
 * being asked (0046_identity_binding.sql: the attempt is reserved first).
 */
export const identityCheckOutcomes = [
  'pending',
  'verified',
  'mismatch',
  'phone_mismatch',
  'account_mismatch',
  'not_found',
  'unavailable',
  'in_use',
] as const;

/**
 * Every Tier 1 attempt (0029_identity_verification.sql, 0046_identity_binding.sql): written
 * `pending` before the provider is asked, given its outcome once, and a verified row revoked once
 * when the customer verifies again; nothing else changes. The number is kept as a keyed hash, its
 * last four digits and, on the verified row only, sealed (domain/identity/numbers.ts).
 */
export const identityChecks = pgTable(
  'identity_checks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: identityNumberKinds }).notNull(),
    outcome: text('outcome', { enum: identityCheckOutcomes }).notNull(),
    numberHash: text('number_hash').notNull(),
    numberKeyId: text('number_key_id').notNull(),
    numberLast4: text('number_last4').notNull(),
    numberSealed: text('number_sealed'),
    provider: text('provider').notNull(),
    verifiedName: text('verified_name'),
    verifiedDob: date('verified_dob', { mode: 'string' }),
    /** Set once when the customer asks to verify again: the row then binds nothing. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('identity_checks_number_key')
      .on(t.kind, t.numberHash)
      .where(sql`outcome = 'verified' AND revoked_at IS NULL`),
    uniqueIndex('identity_checks_verified_user_key')
      .on(t.userId)
      .where(sql`outcome = 'verified' AND revoked_at IS NULL`),
    index('identity_checks_user_idx').on(t.userId, t.createdAt.desc()),
  ],
);

/** A Tier 2 request's state, the provider's verdict on it (shared DOCUMENT_REVIEW_STATUSES, DOCUMENT_VERDICTS). */
export const documentReviewStatuses = ['pending', 'approved', 'rejected'] as const;
export const documentVerdicts = ['match', 'no_match', 'unavailable'] as const;

/**
 * Tier 2 requests: ID front, back and selfie in the file store, the provider's verdict, the staff
 * decision (0031_identity_documents.sql). One pending per customer; a decision is final.
 */
export const identityDocumentReviews = pgTable(
  'identity_document_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: documentReviewStatuses }).notNull().default('pending'),
    frontKey: text('front_key'),
    backKey: text('back_key'),
    selfieKey: text('selfie_key'),
    imagesDeletedAt: timestamp('images_deleted_at', { withTimezone: true }),
    verdict: text('verdict', { enum: documentVerdicts }),
    verdictScore: integer('verdict_score'),
    verdictSummary: text('verdict_summary'),
    verdictProvider: text('verdict_provider'),
    verdictAt: timestamp('verdict_at', { withTimezone: true }),
    reviewedBy: uuid('reviewed_by').references(() => staff.id, { onDelete: 'restrict' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    rejectReason: text('reject_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('identity_document_reviews_open_key')
      .on(t.userId)
      .where(sql`status = 'pending'`),
    index('identity_document_reviews_user_idx').on(t.userId, t.createdAt.desc()),
    index('identity_document_reviews_pending_idx')
      .on(t.createdAt)
      .where(sql`status = 'pending'`),
    index('identity_document_reviews_retention_idx')
      .on(t.reviewedAt)
      .where(sql`images_deleted_at IS NULL AND status <> 'pending'`),
  ],
);
