import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  date,
  uniqueIndex,
  unique,
  uuid,
  primaryKey,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './auth';

/**
 * Mirrors db/migrations/0003_gems.sql (the SQL is the source of truth; triggers live there, and
 * 0005_ledger_guards.sql adds the database's own enforcement of the ledger's rules).
 */

export const gemAccountKinds = ['available', 'rewards', 'system'] as const;
export type GemAccountKind = (typeof gemAccountKinds)[number];

export const gemSystemAccounts = ['daily_collection', 'rewards_program', 'bill_spend', 'holds', 'account_closures'] as const;
export type GemSystemAccount = (typeof gemSystemAccounts)[number];

export const gemEntryReasons = [
  'daily_collection',
  'reward_accrual',
  'reward_claim',
  'hold',
  'hold_capture',
  'hold_release',
  'reward_clawback',
  /** 0030: what a closed account still held, forfeited into `account_closures`. */
  'account_closure',
  /** 0035: a referral's gems, into the customer's rewards account. */
  'referral',
] as const;
export type GemEntryReason = (typeof gemEntryReasons)[number];

export const gemHoldStatuses = ['pending', 'captured', 'released'] as const;
export type GemHoldStatus = (typeof gemHoldStatuses)[number];

const at = (name: string) => timestamp(name, { withTimezone: true });

export const gemAccounts = pgTable(
  'gem_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: gemAccountKinds }).notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'restrict' }),
    code: text('code', { enum: gemSystemAccounts }),
    /** Cached sum of the account's lines; null on system accounts (derived on demand). */
    balance: bigint('balance', { mode: 'number' }),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('gem_accounts_user_kind_key').on(t.userId, t.kind),
    uniqueIndex('gem_accounts_code_key').on(t.code),
    check('gem_accounts_balance_nonnegative', sql`${t.balance} >= 0`),
  ],
);

export const gemEntries = pgTable(
  'gem_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    idempotencyKey: text('idempotency_key').notNull(),
    reason: text('reason', { enum: gemEntryReasons }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    memo: text('memo'),
    createdAt: at('created_at').notNull().defaultNow(),
    /** 0021: the order entries were written in (the gem statement's order and running balance). */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
  },
  (t) => [
    uniqueIndex('gem_entries_idempotency_key').on(t.idempotencyKey),
    // 0021: the gem statement's keyset order.
    uniqueIndex('gem_entries_user_seq_idx').on(t.userId, t.seq.desc()),
  ],
);

export const gemEntryLines = pgTable(
  'gem_entry_lines',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => gemEntries.id, { onDelete: 'restrict' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => gemAccounts.id, { onDelete: 'restrict' }),
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (t) => [unique('gem_entry_lines_one_per_account').on(t.entryId, t.accountId), index('gem_entry_lines_account_idx').on(t.accountId)],
);

export const gemCollections = pgTable(
  'gem_collections',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    localDate: date('local_date', { mode: 'string' }).notNull(),
    weekday: smallint('weekday').notNull(),
    amount: integer('amount').notNull(),
    entryId: uuid('entry_id')
      .notNull()
      .unique()
      .references(() => gemEntries.id),
    createdAt: at('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.localDate] })],
);

export const gemHolds = pgTable(
  'gem_holds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    reference: text('reference').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    status: text('status', { enum: gemHoldStatuses }).notNull().default('pending'),
    holdEntryId: uuid('hold_entry_id')
      .notNull()
      .unique()
      .references(() => gemEntries.id),
    settleEntryId: uuid('settle_entry_id')
      .unique()
      .references(() => gemEntries.id),
    createdAt: at('created_at').notNull(),
    settledAt: at('settled_at'),
  },
  (t) => [uniqueIndex('gem_holds_reference_key').on(t.reference), index('gem_holds_user_idx').on(t.userId, t.status)],
);

export const gemRewardClaims = pgTable(
  'gem_reward_claims',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    description: text('description').notNull(),
    entryId: uuid('entry_id')
      .notNull()
      .unique()
      .references(() => gemEntries.id),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('gem_reward_claims_user_list_idx').on(t.userId, t.createdAt.desc(), t.id.desc())],
);

export const gemRewards = pgTable(
  'gem_rewards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    source: text('source').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    description: text('description').notNull(),
    accrualEntryId: uuid('accrual_entry_id')
      .notNull()
      .unique()
      .references(() => gemEntries.id),
    claimId: uuid('claim_id').references(() => gemRewardClaims.id),
    /** 0019: the entry that took an unclaimed reward back (its sale's payout was reversed), and why. */
    clawbackEntryId: uuid('clawback_entry_id')
      .unique()
      .references(() => gemEntries.id),
    clawbackReason: text('clawback_reason'),
    /** 0047: the closing entry (account_closure) that forfeited an unclaimed reward. */
    forfeitEntryId: uuid('forfeit_entry_id').references(() => gemEntries.id),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('gem_rewards_source_key').on(t.source),
    index('gem_rewards_unclaimed_idx')
      .on(t.userId, t.createdAt)
      .where(sql`claim_id IS NULL`),
  ],
);

/** The first answer to a customer's keyed gem write (Idempotency-Key; 0005_ledger_guards.sql). */
export const gemRequestKeys = pgTable(
  'gem_request_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** What the key was first used for, e.g. `gems.collect`. */
    operation: text('operation').notNull(),
    /** Null only inside the transaction that is still producing the answer. */
    responseStatus: smallint('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('gem_request_keys_created_idx').on(t.createdAt)],
);
