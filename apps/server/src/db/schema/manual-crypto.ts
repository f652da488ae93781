import { bigint, boolean, integer, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { staff } from './admin';
import { sales } from './sales';

/**
 * Mirrors db/migrations/0057_manual_crypto_path.sql (docs/crypto-settlement.md, "The manual path").
 * The SQL is the source of truth, with its triggers: no screenshot sale while the path is off, no
 * sale of another customer's deposit, a check only of its sale's own transaction.
 */

const at = (name: string) => timestamp(name, { withTimezone: true });

/** One row: whether customers may still send to the shared addresses and upload a screenshot. */
export const cryptoManualPath = pgTable('crypto_manual_path', {
  id: boolean('id').primaryKey().default(true),
  enabled: boolean('enabled').notNull(),
  changedBy: uuid('changed_by').references(() => staff.id, { onDelete: 'restrict' }),
  changedAt: at('changed_at').notNull(),
});

export const transactionCheckVerdicts = [
  'not_checked',
  'unavailable',
  'not_found',
  'failed',
  'deposit_address',
  'wrong_recipient',
  'wrong_asset',
  'before_quote',
  'amount_short',
  'unconfirmed',
  'matches',
] as const;

/** What the chain says about a manual sale's transaction ID, re-checked in place. */
export const saleTransactionChecks = pgTable('sale_transaction_checks', {
  saleId: uuid('sale_id')
    .primaryKey()
    .references(() => sales.id, { onDelete: 'restrict' }),
  network: text('network', { enum: ['bitcoin', 'bsc', 'tron', 'solana'] }).notNull(),
  txid: text('txid').notNull(),
  verdict: text('verdict', { enum: transactionCheckVerdicts }).notNull(),
  detail: text('detail'),
  succeeded: boolean('succeeded'),
  confirmations: integer('confirmations'),
  requiredConfirmations: integer('required_confirmations').notNull(),
  blockNumber: bigint('block_number', { mode: 'bigint' }),
  blockTime: at('block_time'),
  recipient: text('recipient'),
  sender: text('sender'),
  receivedAmount: numeric('received_amount'),
  checks: integer('checks').notNull().default(1),
  firstCheckedAt: at('first_checked_at').notNull(),
  checkedAt: at('checked_at').notNull(),
});
