import { boolean, index, integer, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { sales } from './sales';

/**
 * Mirrors db/migrations/0035_referrals.sql (the SQL is the source of truth: its triggers decide a
 * referral once, hold the monthly cap and refuse a referee whose first sale is rejected).
 */

const at = (name: string) => timestamp(name, { withTimezone: true });

export const referralStatuses = ['signed_up', 'rewarded', 'refused'] as const;
export const referralRefusalReasons = [
  'same_phone',
  'same_bank_account',
  'same_identity',
  'first_sale_rejected',
  'first_sale_reversed',
  'monthly_cap',
  'referrer_closed',
] as const;

export const referrals = pgTable(
  'referrals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    referrerId: uuid('referrer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    refereeId: uuid('referee_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    code: text('code').notNull(),
    status: text('status', { enum: referralStatuses }).notNull().default('signed_up'),
    refusalReason: text('refusal_reason', { enum: referralRefusalReasons }),
    saleId: uuid('sale_id').references(() => sales.id, { onDelete: 'restrict' }),
    referrerGems: integer('referrer_gems'),
    refereeGems: integer('referee_gems'),
    createdAt: at('created_at').notNull(),
    decidedAt: at('decided_at'),
  },
  (t) => [unique('referrals_referee_once').on(t.refereeId), index('referrals_referrer_idx').on(t.referrerId, t.createdAt.desc())],
);

/** The configured amounts and cap (one row, written at every start). */
export const referralSettings = pgTable('referral_settings', {
  id: boolean('id').primaryKey().default(true),
  referrerGems: integer('referrer_gems').notNull(),
  refereeGems: integer('referee_gems').notNull(),
  monthlyCap: integer('monthly_cap').notNull(),
  timeZone: text('time_zone').notNull(),
  updatedAt: at('updated_at').notNull(),
});

/** Every phone a customer has held, written by the database. */
export const userPhones = pgTable(
  'user_phones',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    phone: text('phone').notNull(),
    firstSeenAt: at('first_seen_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.phone] }), index('user_phones_phone_idx').on(t.phone)],
);
