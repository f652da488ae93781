import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { NOTIFICATION_TOPICS } from '@wise/shared';
import { sessions, users } from './auth';
import { billOrders } from './bills';
import { accountNameMatches } from './choices';
import { sales } from './sales';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const owner = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** The four-digit transaction PIN (argon2id) and its lockout state (docs/decisions.md §3). */
export const transactionPins = pgTable('transaction_pins', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  pinHash: text('pin_hash').notNull(),
  failedAttempts: integer('failed_attempts').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Banks a customer can choose, by CBN/NIBSS code (seeded with Nigeria's banks). */
export const banks = pgTable('banks', {
  code: text('code').primaryKey(),
  name: text('name').notNull().unique(),
  active: boolean('active').notNull().default(true),
});

export { accountNameMatches } from './choices';

/** One payout account per customer; the account name is what the lookup provider resolved. */
export const bankDetails = pgTable('bank_details', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  bankCode: text('bank_code')
    .notNull()
    .references(() => banks.code),
  accountNumber: text('account_number').notNull(),
  accountName: text('account_name').notNull(),
  /** How the resolved name fits the profile name (0018); NULL only on rows saved before that check. */
  nameMatch: text('name_match', { enum: accountNameMatches }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: owner(),
    message: text('message').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
    // 0021: the sale or bill order it is about, if any. sales and bill_orders import this module
    // too; the references are read lazily, once every module has loaded.
    saleId: uuid('sale_id').references((): AnyPgColumn => sales.id, { onDelete: 'set null' }),
    billOrderId: uuid('bill_order_id').references((): AnyPgColumn => billOrders.id, { onDelete: 'set null' }),
    // 0050: the screen a notice about no transaction opens (CHECKs: a known topic, one place at most).
    topic: text('topic', { enum: NOTIFICATION_TOPICS }),
  },
  (t) => [
    // 0012: the list's keyset order, tie-breaker included.
    index('notifications_user_list_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`read_at IS NULL`),
  ],
);

/** Every stored file, so that serving one can check its owner. */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: owner(),
    /** Random object name in the store; never derived from the customer's file name. */
    storageKey: text('storage_key').notNull().unique(),
    /** 'sale_image' since 0007_giftcards_sales.sql. */
    purpose: text('purpose', { enum: ['profile_photo', 'sale_image'] }).notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('uploads_user_idx').on(t.userId), unique('uploads_id_owner_key').on(t.id, t.userId)],
);

/** A recent password confirmation, bound to one session (the phone change asks for it). */
export const reauthentications = pgTable('reauthentications', {
  sessionHash: text('session_hash')
    .primaryKey()
    .references(() => sessions.idHash, { onDelete: 'cascade' }),
  userId: owner(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
