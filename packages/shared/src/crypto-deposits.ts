import { z } from 'zod';
import { COIN_IDS, CRYPTO_NETWORK_IDS } from './crypto';

/*
 * Crypto that settles itself (docs/crypto-settlement.md): the customer's own deposit address, the
 * deposits the chain watcher saw on it, and how far each one is. The server's routes answer with
 * these shapes and the sell screens read them; the live screen refetches a deposit when the event
 * stream says `{"type":"deposit","id":…}`.
 */

const decimalString = z.string().regex(/^\d+(\.\d+)?$/);

/**
 * How a customer pays on a network: `address` — an address of their own (Bitcoin, BNB Smart Chain,
 * TRON), derived watch-only and never given to anyone else; `solana_pay` — the company's Solana
 * address with a reference key drawn for this payment (a Solana Pay transfer request).
 */
export const DEPOSIT_ADDRESS_KINDS = ['address', 'solana_pay'] as const;
export type DepositAddressKind = (typeof DEPOSIT_ADDRESS_KINDS)[number];

/** GET /api/crypto/deposit-address?coin=…&network=… */
export const depositAddressQuerySchema = z.object({ coin: z.enum(COIN_IDS), network: z.enum(CRYPTO_NETWORK_IDS) });
export type DepositAddressQuery = z.infer<typeof depositAddressQuerySchema>;

export const depositAddressSchema = z.object({
  coin: z.enum(COIN_IDS),
  network: z.enum(CRYPTO_NETWORK_IDS),
  kind: z.enum(DEPOSIT_ADDRESS_KINDS),
  /** Where the coins go: the customer's own address, or the company's Solana recipient. */
  address: z.string(),
  /** Solana Pay only: the reference key that finds this payment on chain. */
  reference: z.string().nullable(),
  /** What the QR code holds: `bitcoin:…`, a Solana Pay `solana:…?reference=…` link, or the address itself. */
  payment_uri: z.string(),
  /** A deposit below this (in the coin) is held, not sold, and the customer is told. */
  minimum_amount: decimalString,
  /** Confirmations the network's policy waits for before the deposit counts (Solana: finalized, shown as 1). */
  required_confirmations: z.number().int().positive(),
});
export type DepositAddress = z.infer<typeof depositAddressSchema>;
export const depositAddressResponseSchema = z.object({ deposit_address: depositAddressSchema });
export type DepositAddressResponse = z.infer<typeof depositAddressResponseSchema>;

/**
 * Where a deposit is, as the customer reads it:
 * - `seen`: on chain, counting confirmations;
 * - `paying`: confirmed and approved, the naira on its way;
 * - `successful`: paid to the customer's bank;
 * - `in_review`: a reviewer checks it (amount beyond the tolerance, an unexpected token, a limit);
 * - `held`: below the minimum, kept and not sold;
 * - `rejected`: a reviewer refused it (the sale's reason says why);
 * - `dropped`: the chain dropped the transaction before it was confirmed (nothing to pay).
 */
export const DEPOSIT_STAGES = ['seen', 'paying', 'successful', 'in_review', 'held', 'rejected', 'dropped'] as const;
export type DepositStage = (typeof DEPOSIT_STAGES)[number];

/**
 * How the naira figure was set: the customer's open quote, the rate when the deposit was first seen,
 * or today's rate when a reviewer priced a deposit the watcher could not sell by itself.
 */
export const DEPOSIT_PRICINGS = ['quote', 'first_seen', 'review'] as const;
export type DepositPricing = (typeof DEPOSIT_PRICINGS)[number];

export const depositSchema = z.object({
  id: z.string(),
  coin: z.enum(COIN_IDS),
  network: z.enum(CRYPTO_NETWORK_IDS),
  stage: z.enum(DEPOSIT_STAGES),
  txid: z.string(),
  /** The transaction on the network's public explorer. */
  explorer_url: z.string(),
  /** What arrived, in the coin. */
  amount: decimalString,
  confirmations: z.number().int().nonnegative(),
  required_confirmations: z.number().int().positive(),
  seen_at: z.string(),
  confirmed_at: z.string().nullable(),
  /** Null until the deposit is priced (a held or unexpected-token deposit may never be). */
  pricing: z.enum(DEPOSIT_PRICINGS).nullable(),
  value_kobo: z.number().int().nonnegative().nullable(),
  /** The sale it became, once it is one: its receipt is at /homepage/history/:sale_id. */
  sale_id: z.string().nullable(),
  payout_reference: z.string().nullable(),
  paid_at: z.string().nullable(),
  /** A deposit a reviewer closed without a sale: their reason, in their words (stage `rejected`). */
  closed_note: z.string().nullable(),
});
export type Deposit = z.infer<typeof depositSchema>;

/** GET /api/crypto/deposits?coin=…&network=… : the customer's latest deposits, newest first. */
export const depositListQuerySchema = z.object({ coin: z.enum(COIN_IDS).optional(), network: z.enum(CRYPTO_NETWORK_IDS).optional() });
export const depositListResponseSchema = z.object({ deposits: z.array(depositSchema) });
export type DepositListResponse = z.infer<typeof depositListResponseSchema>;

/** GET /api/crypto/deposits/:id */
export const depositResponseSchema = z.object({ deposit: depositSchema });
export type DepositResponse = z.infer<typeof depositResponseSchema>;
