import { sql } from 'drizzle-orm';
import { SALE_REJECTION_CODES } from '@wise/shared';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  foreignKey,
  index,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { uploads } from './account';
import { staff } from './admin';
import { users } from './auth';
import { accountNameMatches, saleApprovalReasonCodes } from './choices';
import { coinIds, cryptoCoinNetworks, cryptoNetworkIds, cryptoQuotes } from './crypto';
import { giftCards, giftCardSubcategories } from './giftcards';

/**
 * Mirrors the sales of db/migrations/0007_giftcards_sales.sql and 0010_crypto_sales.sql: one
 * record for every kind of sale.
 * The SQL is the source of truth; its triggers keep the terms immutable, the status moving only
 * along its transitions and the history written (see domain/sales/README.md).
 */

export const saleKinds = ['giftcard', 'crypto'] as const;
export type SaleKindValue = (typeof saleKinds)[number];
export const saleStatuses = ['submitted', 'under_review', 'approved', 'paid', 'rejected'] as const;
export type SaleStatus = (typeof saleStatuses)[number];
export const saleRejectionCodes = SALE_REJECTION_CODES;
export { saleApprovalReasonCodes } from './choices';
export const saleListStatuses = ['pending', 'successful', 'rejected'] as const;

const at = (name: string) => timestamp(name, { withTimezone: true });

export const sales = pgTable(
  'sales',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: saleKinds }).notNull(),
    status: text('status', { enum: saleStatuses }).notNull(),
    /** pending | successful | rejected, computed by the database from status. */
    listStatus: text('list_status', { enum: saleListStatuses })
      .notNull()
      .generatedAlwaysAs(sql`CASE status WHEN 'paid' THEN 'successful' WHEN 'rejected' THEN 'rejected' ELSE 'pending' END`),
    statusChangedAt: at('status_changed_at').notNull(),
    giftCardId: uuid('gift_card_id').references(() => giftCards.id, { onDelete: 'restrict' }),
    subcategoryId: uuid('subcategory_id').references(() => giftCardSubcategories.id, { onDelete: 'restrict' }),
    title: text('title').notNull(),
    subcategoryLabel: text('subcategory_label'),
    /** The card's currency; 'USD' for a coin. */
    currency: text('currency').notNull(),
    /** Decimal strings, never floats. A coin's currency amount is its worth in USD, its rate naira per USD. */
    currencyAmount: numeric('currency_amount').notNull(),
    exchangeRate: numeric('exchange_rate').notNull(),
    valueKobo: bigint('value_kobo', { mode: 'number' }).notNull(),
    comment: text('comment'),
    /** Legacy only: codes are stored sealed below (0017); a plain one left by 0007 is sealed at start. */
    cardCode: text('card_code'),
    /** 0017: the code encrypted (domain/sales/card-codes.ts), the key it is under, and a keyed hash for matching. */
    cardCodeCiphertext: text('card_code_ciphertext'),
    cardCodeKeyId: text('card_code_key_id'),
    cardCodeHash: text('card_code_hash'),
    /** 0044: what the hash was taken over: 1 the code as 0017 normalised it, 2 its skeleton (docs/identifiers.md). */
    cardCodeHashVersion: smallint('card_code_hash_version'),
    /** A crypto sale: the coin, how much, the quote it sold at and that quote's prices (null otherwise). */
    coin: text('coin', { enum: coinIds }),
    coinAmount: numeric('coin_amount'),
    quoteId: uuid('quote_id'),
    priceUsd: numeric('price_usd'),
    usdtMarketRateNgn: numeric('usdt_market_rate_ngn'),
    usdtAdjustmentNgn: numeric('usdt_adjustment_ngn', { precision: 14, scale: 2 }),
    usdtRateNgn: numeric('usdt_rate_ngn'),
    coinAdjustmentNgn: numeric('coin_adjustment_ngn', { precision: 14, scale: 2 }),
    /** 0052: the network the coins were sent on, one the coin is taken on; NULL for a gift card and for a USDT sale before 0052. */
    network: text('network', { enum: cryptoNetworkIds }),
    /** 0044: only in its network's one form (shared parseTransactionId; the CHECK sales_transaction_id_stored_form). */
    transactionId: text('transaction_id'),
    /** 0017: computed by the database; since 0044 the same as transaction_id. Unique per coin. */
    transactionIdNormalized: text('transaction_id_normalized').generatedAlwaysAs(sql`transaction_id_normalized`),
    /** 0017: a sale made before IDs were unique that reused an earlier sale's ID (set by the migration only). */
    transactionIdReused: boolean('transaction_id_reused').notNull().default(false),
    /** 0044: what the customer typed, for a sale whose stored ID 0044 rewrote or could not read (set by the migration only). */
    transactionIdAsTyped: text('transaction_id_as_typed'),
    bankCode: text('bank_code').notNull(),
    bankName: text('bank_name').notNull(),
    accountNumber: text('account_number').notNull(),
    accountName: text('account_name').notNull(),
    /** The payout account's name verdict at submission (0018): 'partial' is flagged to the reviewer. */
    accountNameMatch: text('account_name_match', { enum: accountNameMatches }),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    decidedBy: uuid('decided_by').references((): AnyPgColumn => staff.id, { onDelete: 'restrict' }),
    decidedAt: at('decided_at'),
    rejectionReason: text('rejection_reason'),
    payoutReference: text('payout_reference'),
    paidAt: at('paid_at'),
    createdAt: at('created_at').notNull(),
    // The back office (0011_back_office.sql): the reviewer holding the sale, what staff approved
    // paying (the quote's value unless a note says why not) and a rejection's reason from the list.
    claimedBy: uuid('claimed_by').references((): AnyPgColumn => staff.id, { onDelete: 'restrict' }),
    claimedUntil: at('claimed_until'),
    payoutAmountKobo: bigint('payout_amount_kobo', { mode: 'number' }),
    approvalNote: text('approval_note'),
    rejectionCode: text('rejection_code', { enum: saleRejectionCodes }),
    rejectionMessage: text('rejection_message'),
    // 0016_approval_limits.sql: why the approved amount differs from the quote (from the list).
    approvalReasonCode: text('approval_reason_code', { enum: saleApprovalReasonCodes }),
    // 0026_review_desk.sql: the reviewer an admin gave the sale to (a trigger refuses a disabled
    // staff member and a decided sale), who gave it and when — all three or none.
    assignedTo: uuid('assigned_to').references((): AnyPgColumn => staff.id, { onDelete: 'restrict' }),
    assignedBy: uuid('assigned_by').references((): AnyPgColumn => staff.id, { onDelete: 'restrict' }),
    assignedAt: at('assigned_at'),
    /** 0055: `customer` (the sell form, with a screenshot) or `deposit` (a deposit seen on chain, none). */
    source: text('source', { enum: ['customer', 'deposit'] })
      .notNull()
      .default('customer'),
  },
  (t) => [
    unique('sales_idempotency_key').on(t.userId, t.idempotencyKey),
    unique('sales_id_owner_key').on(t.id, t.userId),
    unique('sales_quote_id_key').on(t.quoteId),
    foreignKey({ name: 'sales_quote_fk', columns: [t.quoteId, t.userId], foreignColumns: [cryptoQuotes.id, cryptoQuotes.userId] }).onDelete(
      'restrict',
    ),
    foreignKey({
      name: 'sales_network_fk',
      columns: [t.coin, t.network],
      foreignColumns: [cryptoCoinNetworks.coin, cryptoCoinNetworks.network],
    }),
    index('sales_user_list_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('sales_user_status_list_idx').on(t.userId, t.listStatus, t.createdAt.desc(), t.id.desc()),
    index('sales_review_queue_idx')
      .on(t.createdAt, t.id)
      .where(sql`status IN ('submitted', 'under_review')`),
    index('sales_review_queue_kind_idx')
      .on(t.kind, t.createdAt, t.id)
      .where(sql`status IN ('submitted', 'under_review')`),
    index('sales_decided_idx')
      .on(t.decidedAt.desc(), t.id.desc())
      .where(sql`decided_at IS NOT NULL`),
    index('sales_decided_by_idx')
      .on(t.decidedBy, t.decidedAt)
      .where(sql`decided_at IS NOT NULL`),
    // A customer's paid and approved sales by approval time: the payout limits' usage (0028).
    index('sales_user_decided_idx')
      .on(t.userId, t.decidedAt)
      .where(sql`status IN ('approved', 'paid')`),
    // 0012: the review queue per decided view, and filtered by card or coin.
    index('sales_decided_status_idx').on(t.status, t.decidedAt.desc(), t.id.desc()),
    index('sales_review_queue_card_idx')
      .on(t.giftCardId, t.createdAt, t.id)
      .where(sql`status IN ('submitted', 'under_review') AND gift_card_id IS NOT NULL`),
    index('sales_review_queue_coin_idx')
      .on(t.coin, t.createdAt, t.id)
      .where(sql`status IN ('submitted', 'under_review') AND coin IS NOT NULL`),
    index('sales_decided_card_idx')
      .on(t.giftCardId, t.status, t.decidedAt.desc(), t.id.desc())
      .where(sql`gift_card_id IS NOT NULL`),
    // 0017: one deposit, one sale (partial unique index; see the migration), and the look-ups.
    uniqueIndex('sales_transaction_id_key')
      .on(t.coin, t.transactionIdNormalized)
      .where(sql`transaction_id_normalized IS NOT NULL AND NOT transaction_id_reused`),
    index('sales_transaction_id_idx')
      .on(t.transactionIdNormalized)
      .where(sql`transaction_id_normalized IS NOT NULL`),
    index('sales_card_code_hash_idx')
      .on(t.cardCodeHash)
      .where(sql`card_code_hash IS NOT NULL`),
    // 0044: the codes the start-up step still has to re-hash over their skeleton.
    index('sales_card_code_rehash_idx')
      .on(t.id)
      .where(sql`card_code_hash_version = 1`),
    // 0026: "mine", exports by date, time to paid.
    index('sales_assigned_queue_idx')
      .on(t.assignedTo, t.createdAt, t.id)
      .where(sql`status IN ('submitted', 'under_review') AND assigned_to IS NOT NULL`),
    index('sales_payout_reference_idx')
      .on(t.payoutReference)
      .where(sql`payout_reference IS NOT NULL`),
    index('sales_paid_at_idx')
      .on(t.paidAt)
      .where(sql`paid_at IS NOT NULL`),
    index('sales_decided_coin_idx')
      .on(t.coin, t.status, t.decidedAt.desc(), t.id.desc())
      .where(sql`coin IS NOT NULL`),
  ],
);

export const saleImages = pgTable(
  'sale_images',
  {
    saleId: uuid('sale_id').notNull(),
    userId: uuid('user_id').notNull(),
    position: smallint('position').notNull(),
    uploadId: uuid('upload_id').notNull().unique(),
    /** 0017: 64-bit difference hash of the stored image (domain/uploads/perceptual-hash.ts); null before it. */
    phash: bigint('phash', { mode: 'bigint' }),
    /** 0051: SHA-256 (hex) of the stored image; a crypto screenshot is matched by it, not by its phash. */
    digest: text('digest'),
  },
  (t) => [
    primaryKey({ columns: [t.saleId, t.position] }),
    foreignKey({ name: 'sale_images_sale_fk', columns: [t.saleId, t.userId], foreignColumns: [sales.id, sales.userId] }).onDelete(
      'restrict',
    ),
    foreignKey({ name: 'sale_images_upload_fk', columns: [t.uploadId, t.userId], foreignColumns: [uploads.id, uploads.userId] }).onDelete(
      'restrict',
    ),
    index('sale_images_digest_idx')
      .on(t.digest)
      .where(sql`digest IS NOT NULL`),
    // 0017: look-ups of near-identical images, one per 16-bit band of the perceptual hash.
    index('sale_images_phash_band0_idx')
      .on(sql`((phash >> 48) & 65535)`)
      .where(sql`phash IS NOT NULL`),
    index('sale_images_phash_band1_idx')
      .on(sql`((phash >> 32) & 65535)`)
      .where(sql`phash IS NOT NULL`),
    index('sale_images_phash_band2_idx')
      .on(sql`((phash >> 16) & 65535)`)
      .where(sql`phash IS NOT NULL`),
    index('sale_images_phash_band3_idx')
      .on(sql`(phash & 65535)`)
      .where(sql`phash IS NOT NULL`),
  ],
);

/** Written by the database's own trigger on every status change (never by the application). */
export const saleStatusEvents = pgTable(
  'sale_status_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    saleId: uuid('sale_id')
      .notNull()
      .references(() => sales.id, { onDelete: 'restrict' }),
    status: text('status', { enum: saleStatuses }).notNull(),
    at: at('at').notNull(),
    actor: uuid('actor').references((): AnyPgColumn => staff.id, { onDelete: 'restrict' }),
  },
  (t) => [index('sale_status_events_sale_idx').on(t.saleId, t.id)],
);

export const cryptoReturnStatuses = ['requested', 'returned'] as const;

/**
 * Mirrors 0020_crypto_returns.sql: where a rejected crypto sale's coins go back, and staff's record
 * of sending them. Its trigger keeps it to rejected crypto sales, one request, recorded once.
 */
export const cryptoReturns = pgTable(
  'crypto_returns',
  {
    saleId: uuid('sale_id').primaryKey(),
    userId: uuid('user_id').notNull(),
    coin: text('coin', { enum: coinIds }).notNull(),
    network: text('network').notNull(),
    address: text('address').notNull(),
    status: text('status', { enum: cryptoReturnStatuses }).notNull().default('requested'),
    requestedAt: at('requested_at').notNull(),
    transactionId: text('transaction_id'),
    returnedAt: at('returned_at'),
    returnedBy: uuid('returned_by').references((): AnyPgColumn => staff.id, { onDelete: 'restrict' }),
  },
  (t) => [
    foreignKey({ name: 'crypto_returns_sale_fk', columns: [t.saleId, t.userId], foreignColumns: [sales.id, sales.userId] }).onDelete(
      'restrict',
    ),
    index('crypto_returns_requested_idx')
      .on(t.requestedAt)
      .where(sql`status = 'requested'`),
  ],
);
