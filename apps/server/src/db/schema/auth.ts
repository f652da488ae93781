import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { languages } from '@wise/shared';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fullName: text('full_name').notNull(),
    username: text('username').notNull(),
    /** Stored lower-cased so uniqueness and look-up ignore case. */
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    passwordHash: text('password_hash').notNull(),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    createdAt: createdAt(),
    // Profile (0002_account.sql): null until the customer fills them in.
    gender: text('gender', { enum: ['male', 'female'] }),
    address: text('address'),
    dateOfBirth: date('date_of_birth', { mode: 'string' }),
    /** Storage key of the profile photo; '' is the default picture (docs/product.md §3). */
    photo: text('photo').notNull().default(''),
    // Locked by staff (0011_back_office.sql): no login, no session, until unlocked.
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    lockedReason: text('locked_reason'),
    /** Verification tier 0-2 (0027_verification_tier.sql): payout limits follow it. */
    kycTier: smallint('kyc_tier').notNull().default(0),
    /** Closed by the customer (0030_data_rights.sql): personal fields erased, no login; never reopened. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** The code others sign up with (0035_referrals.sql); the database draws it. */
    referralCode: text('referral_code')
      .notNull()
      .default(sql`referral_new_code()`),
    /** The customer's language (0040_customer_language.sql): app, e-mails and notifications follow it. */
    language: text('language', { enum: languages }).notNull().default('en'),
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_username_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_phone_key').on(t.phone),
    uniqueIndex('users_referral_code_key').on(t.referralCode),
    index('users_created_list_idx').on(t.createdAt.desc(), t.id.desc()),
    // The back office's contains-search (0042_customer_search_trigrams.sql): one trigram index per column searched.
    index('users_full_name_trgm_idx').using('gin', t.fullName.op('gin_trgm_ops')).with({ fastupdate: false }),
    index('users_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')).with({ fastupdate: false }),
    index('users_username_trgm_idx').using('gin', t.username.op('gin_trgm_ops')).with({ fastupdate: false }),
    index('users_phone_trgm_idx').using('gin', t.phone.op('gin_trgm_ops')).with({ fastupdate: false }),
    // The back office's starts-with search (0011): prefixes of the lower-cased columns.
    index('users_full_name_prefix_idx').on(sql`lower(${t.fullName}) text_pattern_ops`),
    index('users_email_prefix_idx').on(sql`lower(${t.email}) text_pattern_ops`),
    index('users_username_prefix_idx').on(sql`lower(${t.username}) text_pattern_ops`),
    index('users_phone_prefix_idx').on(t.phone.op('text_pattern_ops')),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** sha256 of the cookie value: a database leak yields no usable session. */
    idHash: text('id_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Wrong passwords per account in the current window (0004_login_lockouts.sql). */
export const loginLockouts = pgTable('login_lockouts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  failedAttempts: integer('failed_attempts').notNull().default(0),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }),
});

export const otpPurposes = ['signup', 'phone_change', 'email_change'] as const;
export type OtpPurpose = (typeof otpPurposes)[number];

export const otpCodes = pgTable(
  'otp_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: otpPurposes }).notNull(),
    codeHash: text('code_hash').notNull(),
    /** The new email or phone a change code was sent to; the signup email otherwise. */
    target: text('target').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('otp_codes_user_purpose_idx').on(t.userId, t.purpose, t.createdAt)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('password_reset_tokens_hash_key').on(t.tokenHash), index('password_reset_user_idx').on(t.userId)],
);
