import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, numeric, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';

/** Mirrors db/migrations/0056_sandbox_chain.sql: the sandbox chain's tips and transfers (providers/chains/sandbox.ts). */

const networks = ['bitcoin', 'bsc', 'tron', 'solana'] as const;
const at = (name: string) => timestamp(name, { withTimezone: true });

export const sandboxChainTips = pgTable(
  'sandbox_chain_tips',
  {
    network: text('network', { enum: networks }).primaryKey(),
    height: bigint('height', { mode: 'bigint' }).notNull(),
    minedAt: at('mined_at').notNull(),
    salt: text('salt').notNull(),
    outage: text('outage', { enum: ['timeout', 'unavailable', 'provider_error', 'bad_response'] }),
  },
  (t) => [
    check('sandbox_chain_tips_network', sql`${t.network} IN ('bitcoin', 'bsc', 'tron', 'solana')`),
    check('sandbox_chain_tips_height', sql`${t.height} >= 0`),
    check('sandbox_chain_tips_salt', sql`${t.salt} ~ '^[0-9a-f]{32}$'`),
    check('sandbox_chain_tips_outage', sql`${t.outage} IN ('timeout', 'unavailable', 'provider_error', 'bad_response')`),
  ],
);

export const sandboxChainTransfers = pgTable(
  'sandbox_chain_transfers',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    network: text('network', { enum: networks }).notNull(),
    txid: text('txid').notNull(),
    outputIndex: integer('output_index').notNull(),
    toAddress: text('to_address').notNull(),
    reference: text('reference'),
    fromAddress: text('from_address').notNull(),
    asset: text('asset', { enum: ['btc', 'bnb', 'usdt', 'sol', 'other'] }).notNull(),
    contract: text('contract'),
    amountBase: numeric('amount_base', { precision: 78, scale: 0 }).notNull(),
    blockNumber: bigint('block_number', { mode: 'bigint' }).notNull(),
    sentAt: at('sent_at').notNull(),
    droppedAt: at('dropped_at'),
  },
  (t) => [
    unique('sandbox_chain_transfers_once').on(t.network, t.txid, t.outputIndex),
    index('sandbox_chain_transfers_to_idx').on(t.network, t.toAddress, t.blockNumber),
    index('sandbox_chain_transfers_reference_idx')
      .on(t.reference)
      .where(sql`${t.reference} IS NOT NULL`),
    index('sandbox_chain_transfers_txid_idx').on(t.txid),
    check('sandbox_chain_transfers_network', sql`${t.network} IN ('bitcoin', 'bsc', 'tron', 'solana')`),
    check(
      'sandbox_chain_transfers_txid_form',
      sql`(${t.network} IN ('bitcoin', 'tron') AND ${t.txid} ~ '^[0-9a-f]{64}$') OR (${t.network} = 'bsc' AND ${t.txid} ~ '^0x[0-9a-f]{64}$') OR (${t.network} = 'solana' AND ${t.txid} ~ '^[1-9A-HJ-NP-Za-km-z]{64,88}$')`,
    ),
    check('sandbox_chain_transfers_output_index', sql`${t.outputIndex} >= -1`),
    check('sandbox_chain_transfers_to', sql`length(${t.toAddress}) BETWEEN 20 AND 100`),
    check(
      'sandbox_chain_transfers_reference',
      sql`${t.reference} IS NULL OR (${t.network} = 'solana' AND ${t.reference} ~ '^[1-9A-HJ-NP-Za-km-z]{32,44}$')`,
    ),
    check(
      'sandbox_chain_transfers_asset',
      sql`(${t.network} = 'bitcoin' AND ${t.asset} = 'btc') OR (${t.network} = 'bsc' AND ${t.asset} IN ('bnb', 'usdt', 'other')) OR (${t.network} = 'tron' AND ${t.asset} IN ('usdt', 'other')) OR (${t.network} = 'solana' AND ${t.asset} IN ('sol', 'usdt', 'other'))`,
    ),
    check('sandbox_chain_transfers_amount', sql`${t.amountBase} > 0`),
    check('sandbox_chain_transfers_block', sql`${t.blockNumber} > 0`),
    check('sandbox_chain_transfers_contract', sql`(${t.contract} IS NULL) = (${t.asset} IN ('btc', 'bnb', 'sol'))`),
  ],
);
