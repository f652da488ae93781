import {
  bigint,
  boolean,
  date,
  check,
  foreignKey,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { staff } from './admin';
import { users } from './auth';
import { cryptoQuotes } from './crypto';
import { sales } from './sales';

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

/** Mirrors db/migrations/0054_chain_deposits.sql (and 0058's desk): each credit seen on chain to a customer's address or reference. */
export const chainDepositStatuses = ['seen', 'confirmed', 'settled', 'review', 'held', 'dropped', 'closed'] as const;
export type ChainDepositStatus = (typeof chainDepositStatuses)[number];
export const chainDepositAssets = ['btc', 'bnb', 'usdt', 'sol', 'other'] as const;

export const chainDeposits = pgTable(
  'chain_deposits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    network: text('network', { enum: ['bitcoin', 'bsc', 'tron', 'solana'] }).notNull(),
    txid: text('txid').notNull(),
    outputIndex: integer('output_index').notNull(),
    address: text('address').notNull(),
    reference: text('reference').references(() => solanaPaymentReferences.reference, { onDelete: 'restrict' }),
    asset: text('asset', { enum: chainDepositAssets }).notNull(),
    contract: text('contract'),
    amountBase: numeric('amount_base', { precision: 78, scale: 0 }).notNull(),
    amount: numeric('amount').notNull(),
    sender: text('sender'),
    blockNumber: bigint('block_number', { mode: 'bigint' }),
    blockHash: text('block_hash'),
    blockTime: at('block_time'),
    confirmations: integer('confirmations').notNull().default(0),
    requiredConfirmations: integer('required_confirmations').notNull(),
    status: text('status', { enum: chainDepositStatuses }).notNull().default('seen'),
    reviewReason: text('review_reason'),
    quoteId: uuid('quote_id'),
    pricing: text('pricing', { enum: ['quote', 'first_seen', 'review'] }),
    valueKobo: bigint('value_kobo', { mode: 'number' }),
    saleId: uuid('sale_id')
      .unique()
      .references((): AnyPgColumn => sales.id, { onDelete: 'restrict' }),
    firstSeenAt: at('first_seen_at').notNull().defaultNow(),
    confirmedAt: at('confirmed_at'),
    droppedAt: at('dropped_at'),
    updatedAt: at('updated_at').notNull().defaultNow(),
    /** 0058: who priced or closed it by hand, when, and a closing's reason for the customer. */
    decidedBy: uuid('decided_by').references((): AnyPgColumn => staff.id, { onDelete: 'restrict' }),
    decidedAt: at('decided_at'),
    closeNote: text('close_note'),
  },
  (t) => [
    unique('chain_deposits_transfer').on(t.network, t.txid, t.outputIndex, t.address),
    foreignKey({
      name: 'chain_deposits_quote_fk',
      columns: [t.quoteId, t.userId],
      foreignColumns: [cryptoQuotes.id, cryptoQuotes.userId],
    }).onDelete('restrict'),
    index('chain_deposits_user_idx').on(t.userId, t.firstSeenAt.desc()),
    index('chain_deposits_sale_idx')
      .on(t.saleId)
      .where(sql`${t.saleId} IS NOT NULL`),
    index('chain_deposits_open_idx')
      .on(t.network, t.status)
      .where(sql`${t.status} IN ('seen', 'confirmed')`),
    index('chain_deposits_desk_idx')
      .on(t.status, t.firstSeenAt)
      .where(sql`${t.status} IN ('review', 'held', 'closed')`),
    check('chain_deposits_network', sql`${t.network} IN ('bitcoin', 'bsc', 'tron', 'solana')`),
    check('chain_deposits_output_index', sql`${t.outputIndex} >= -1`),
    check('chain_deposits_asset', sql`${t.asset} IN ('btc', 'bnb', 'usdt', 'sol', 'other')`),
    check('chain_deposits_amount_base_positive', sql`${t.amountBase} > 0`),
    check('chain_deposits_amount_positive', sql`${t.amount} > 0`),
    check('chain_deposits_confirmations', sql`${t.confirmations} >= 0`),
    check('chain_deposits_required', sql`${t.requiredConfirmations} > 0`),
    check('chain_deposits_status', sql`${t.status} IN ('seen', 'confirmed', 'settled', 'review', 'held', 'dropped', 'closed')`),
    check('chain_deposits_pricing', sql`${t.pricing} IN ('quote', 'first_seen', 'review')`),
    check('chain_deposits_close_note', sql`char_length(${t.closeNote}) BETWEEN 10 AND 300`),
    check('chain_deposits_decided_together', sql`(${t.decidedBy} IS NULL) = (${t.decidedAt} IS NULL)`),
    check(
      'chain_deposits_closed_shape',
      sql`(${t.status} = 'closed') = (${t.closeNote} IS NOT NULL) AND (${t.status} <> 'closed' OR (${t.decidedBy} IS NOT NULL AND ${t.saleId} IS NULL))`,
    ),
    check('chain_deposits_review_pricing_decided', sql`${t.pricing} IS DISTINCT FROM 'review' OR ${t.decidedBy} IS NOT NULL`),
    check('chain_deposits_value', sql`${t.valueKobo} >= 0`),
    check('chain_deposits_reference_on_solana', sql`(${t.network} = 'solana') = (${t.reference} IS NOT NULL)`),
    check('chain_deposits_settled_has_sale', sql`(${t.status} = 'settled') = (${t.saleId} IS NOT NULL)`),
    check('chain_deposits_priced_together', sql`(${t.pricing} IS NULL) = (${t.valueKobo} IS NULL)`),
  ],
);

/** How far each network's watcher has read (0054). */
export const chainScanCursors = pgTable(
  'chain_scan_cursors',
  {
    network: text('network', { enum: ['bitcoin', 'bsc', 'tron', 'solana'] }).primaryKey(),
    scannedTo: bigint('scanned_to', { mode: 'bigint' }).notNull(),
    tipHeight: bigint('tip_height', { mode: 'bigint' }).notNull(),
    tipSeenAt: at('tip_seen_at').notNull().defaultNow(),
    lastError: text('last_error'),
    lastErrorAt: at('last_error_at'),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [check('chain_scan_cursors_network', sql`${t.network} IN ('bitcoin', 'bsc', 'tron', 'solana')`)],
);

/** Mirrors 0055: the automatic approvals' limits, written from the configuration at start (the trigger reads them). */
export const autoApprovalSettings = pgTable('auto_approval_settings', {
  id: boolean('id').primaryKey().default(true),
  singleKobo: bigint('single_kobo', { mode: 'number' }).notNull(),
  dailyKobo: bigint('daily_kobo', { mode: 'number' }).notNull(),
  timeZone: text('time_zone').notNull(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** What the system approver approved per business day; added to by the auto_approvals trigger only. */
export const autoApprovalDays = pgTable('auto_approval_days', {
  day: date('day').primaryKey(),
  approvedKobo: bigint('approved_kobo', { mode: 'number' }).notNull(),
});

/** One row per automatic approval: inserting it reserves the amount against the day's total, or fails. */
export const autoApprovals = pgTable('auto_approvals', {
  saleId: uuid('sale_id')
    .primaryKey()
    .references((): AnyPgColumn => sales.id, { onDelete: 'restrict' }),
  day: date('day').notNull(),
  amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
});
