/**
 * Watching the chains customers pay crypto on (docs/crypto-settlement.md). Each network is read
 * through an open protocol any node or provider serves; the server derives and watches addresses
 * and never holds a private key.
 */

import type { CryptoNetworkId } from '@wise/shared';

/** The networks Wise settles on: the same ids as the company's shared addresses and the sales. */
export { CRYPTO_NETWORK_IDS as CHAIN_NETWORKS } from '@wise/shared';
export type ChainNetwork = CryptoNetworkId;

/** Networks where each customer gets an address of their own, derived from an extended public key. */
export const DERIVED_NETWORKS = ['bitcoin', 'bsc', 'tron'] as const;
export type DerivedNetwork = (typeof DERIVED_NETWORKS)[number];

/**
 * What moved: a sellable coin (the shared coin ids), or `other` for a token from a contract or
 * mint that is not the configured one — a look-alike "USDT" is `other`, never `usdt`.
 */
export type ChainAsset = 'btc' | 'bnb' | 'usdt' | 'sol' | 'other';

export interface ChainTip {
  /** Block height (slot on Solana). */
  height: bigint;
  hash: string;
}

/** One credit to one address, as the chain records it. Amounts are integers in the asset's base unit. */
export interface ChainTransfer {
  network: ChainNetwork;
  txid: string;
  /**
   * Which part of the transaction paid: the output index (Bitcoin), the log index (token transfers
   * on BSC and TRON), the instruction's position (Solana), or -1 for a transaction's own native value
   * (BNB sent as the transaction's value). (txid, index, to) names a transfer once.
   */
  index: number;
  to: string;
  /** The paying address where the chain says it (a Bitcoin input may have none). */
  from: string | null;
  asset: ChainAsset;
  /** The token's contract (BSC 0x…, TRON T…) or mint (Solana); null for the native coin. */
  contract: string | null;
  amount: bigint;
  /** Null while unconfirmed (in the mempool). */
  blockNumber: bigint | null;
  blockHash: string | null;
  blockTime: Date | null;
  /** 0 while unconfirmed; 1 in the tip block. */
  confirmations: number;
  /** Solana: the Solana Pay reference key the transaction was found by. */
  reference?: string;
}

export interface TransferScan {
  tip: ChainTip;
  /** The last height looked at: the next scan starts after it (less a margin for reorganisations). */
  scannedTo: bigint;
  transfers: ChainTransfer[];
}

/** One transaction looked up by id, for a manual check or to re-verify it before paying. */
export interface ChainTransaction {
  network: ChainNetwork;
  txid: string;
  /** False when the chain executed it and it failed (a reverted contract call): it moved nothing. */
  succeeded: boolean;
  blockNumber: bigint | null;
  blockHash: string | null;
  blockTime: Date | null;
  confirmations: number;
  transfers: ChainTransfer[];
}

export interface ChainWatcher {
  readonly network: ChainNetwork;
  tip(): Promise<ChainTip>;
  /**
   * Credits to any of `addresses` in blocks from `sinceHeight` on (Solana: transactions that carry
   * one of the reference keys or pay one of the addresses), plus unconfirmed ones where the
   * protocol shows them.
   */
  transfersTo(addresses: readonly string[], sinceHeight: bigint): Promise<TransferScan>;
  /** The transaction as the chain has it now; null when the chain does not know it (never seen, or dropped by a reorganisation). */
  transaction(txid: string): Promise<ChainTransaction | null>;
}

/**
 * Why a chain provider gave nothing usable:
 * - `timeout`: no answer within the configured time;
 * - `unavailable`: the connection failed or the provider answered 5xx / 429;
 * - `provider_error`: the provider answered with an error (a JSON-RPC error, a 4xx);
 * - `bad_response`: an answer we cannot trust (not JSON, the wrong shape).
 */
export type ChainErrorKind = 'timeout' | 'unavailable' | 'provider_error' | 'bad_response';

export class ChainError extends Error {
  constructor(
    readonly network: ChainNetwork,
    readonly kind: ChainErrorKind,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(`${network}: ${message}`, options);
    this.name = 'ChainError';
  }
}

export const DEFAULT_CHAIN_TIMEOUT_MS = 10_000;

/** Confirmations of a block at `height` when the tip is at `tip`: 1 in the tip itself. */
export function confirmationsAt(tip: bigint, height: bigint | null): number {
  if (height === null || height > tip) return 0;
  return Number(tip - height + 1n);
}
