import { check, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { users } from './auth';

/** Mirrors db/migrations/0053_deposit_addresses.sql (the SQL is the source of truth, with its triggers). */

export const depositNetworks = ['bitcoin', 'bsc', 'tron'] as const;

const at = (name: string) => timestamp(name, { withTimezone: true });

/** One watch-only address per customer and network, derived at an index handed out once. */
export const depositAddresses = pgTable(
  'deposit_addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    network: text('network', { enum: depositNetworks }).notNull(),
    derivationIndex: integer('derivation_index').notNull(),
    keyFingerprint: text('key_fingerprint').notNull(),
    address: text('address').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('deposit_addresses_network_index').on(t.network, t.derivationIndex),
    unique('deposit_addresses_network_address').on(t.network, t.address),
    unique('deposit_addresses_user_network').on(t.userId, t.network),
    check('deposit_addresses_network', sql`${t.network} IN ('bitcoin', 'bsc', 'tron')`),
    check('deposit_addresses_index_range', sql`${t.derivationIndex} BETWEEN 0 AND 2147483647`),
  ],
);

/** Solana Pay `reference` keys, each handed out once (Solana has no public derivation). */
export const solanaPaymentReferences = pgTable(
  'solana_payment_references',
  {
    reference: text('reference').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    recipient: text('recipient').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('solana_payment_references_user_idx').on(t.userId, t.createdAt)],
);
