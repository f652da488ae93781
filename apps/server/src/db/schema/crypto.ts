import {
  bigint,
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { users } from './auth';

/** Mirrors db/migrations/0008_crypto.sql (the SQL is the source of truth, with its CHECKs). */

export const coinIds = ['btc', 'usdt', 'bnb', 'sol'] as const;
/** 0052: the networks coins travel on (packages/shared plain/crypto-networks.ts). */
export const cryptoNetworkIds = ['bitcoin', 'tron', 'bsc', 'solana'] as const;
export const marketDatasets = ['markets', 'trending'] as const;
export type MarketDataset = (typeof marketDatasets)[number];

const at = (name: string) => timestamp(name, { withTimezone: true });

/** The original display_price*.php calls: a signed naira adjustment per coin. */
export const cryptoPriceAdjustments = pgTable('crypto_price_adjustments', {
  coin: text('coin', { enum: coinIds }).primaryKey(),
  adjustmentNgn: numeric('adjustment_ngn', { precision: 14, scale: 2 }).notNull(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** 0052: which coin is taken on which network; wallet addresses and sales are held to these pairs. */
export const cryptoCoinNetworks = pgTable(
  'crypto_coin_networks',
  {
    coin: text('coin', { enum: coinIds }).notNull(),
    network: text('network', { enum: cryptoNetworkIds }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.coin, t.network] })],
);

/** Where customers send each coin (the original get_wallet_addresses). */
export const cryptoWalletAddresses = pgTable(
  'crypto_wallet_addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    coin: text('coin', { enum: coinIds }).notNull(),
    /** 0052: a network id the coin is taken on. */
    network: text('network', { enum: cryptoNetworkIds }).notNull(),
    address: text('address').notNull(),
    memo: text('memo'),
    enabled: boolean('enabled').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    unique().on(t.coin, t.network, t.address),
    foreignKey({
      name: 'crypto_wallet_addresses_network_fk',
      columns: [t.coin, t.network],
      foreignColumns: [cryptoCoinNetworks.coin, cryptoCoinNetworks.network],
    }),
  ],
);

/** One row per data set, claimed by one refresh per interval across all instances. */
export const marketDataCache = pgTable('market_data_cache', {
  dataset: text('dataset', { enum: marketDatasets }).primaryKey(),
  payload: jsonb('payload'),
  fetchedAt: at('fetched_at'),
  nextAttemptAt: at('next_attempt_at').notNull(),
  lastAttemptAt: at('last_attempt_at'),
  lastError: text('last_error'),
});

/** Stored quotes: the prices and adjustments used, and how long the value is honoured. */
export const cryptoQuotes = pgTable(
  'crypto_quotes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    coin: text('coin', { enum: coinIds }).notNull(),
    amount: numeric('amount').notNull(),
    priceUsd: numeric('price_usd').notNull(),
    usdtMarketRateNgn: numeric('usdt_market_rate_ngn').notNull(),
    usdtAdjustmentNgn: numeric('usdt_adjustment_ngn', { precision: 14, scale: 2 }).notNull(),
    usdtRateNgn: numeric('usdt_rate_ngn').notNull(),
    coinAdjustmentNgn: numeric('coin_adjustment_ngn', { precision: 14, scale: 2 }).notNull(),
    rateNgnPerUsd: numeric('rate_ngn_per_usd').notNull(),
    valueKobo: bigint('value_kobo', { mode: 'number' }).notNull(),
    pricesAt: at('prices_at').notNull(),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    /** 0055: a quote re-priced for what a deposit brought, at the prices and times of this customer quote (one per quote). */
    depositOf: uuid('deposit_of')
      .unique()
      .references((): AnyPgColumn => cryptoQuotes.id, { onDelete: 'restrict' }),
  },
  (t) => [
    index('crypto_quotes_user_created_idx').on(t.userId, t.createdAt),
    index('crypto_quotes_expires_idx').on(t.expiresAt),
    // 0010: what a crypto sale's (quote_id, user_id) foreign key points at.
    unique('crypto_quotes_id_owner_key').on(t.id, t.userId),
  ],
);
