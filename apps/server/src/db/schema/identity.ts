import { sql } from 'drizzle-orm';
import { date, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

/** Which number a Tier 1 check looked up (shared IDENTITY_NUMBER_KINDS). */
export const identityNumberKinds = ['bvn', 'nin'] as const;
/** What came of one check (shared IDENTITY_CHECK_OUTCOMES). */
export const identityCheckOutcomes = ['verified', 'mismatch', 'account_mismatch', 'not_found', 'unavailable', 'in_use'] as const;

/**
 * Every Tier 1 attempt, never changed (0029_identity_verification.sql). The number is kept as a
 * keyed hash, its last four digits and, on the verified row only, sealed (domain/identity/numbers.ts).
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('identity_checks_number_key').on(t.kind, t.numberHash).where(sql`outcome = 'verified'`),
    uniqueIndex('identity_checks_verified_user_key').on(t.userId).where(sql`outcome = 'verified'`),
    index('identity_checks_user_idx').on(t.userId, t.createdAt.desc()),
  ],
);
