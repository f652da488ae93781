/*
 * A transaction or an address on each network's public explorer (docs/crypto-settlement.md): what
 * the review desk links to beside a deposit or a manual sale's check, and what a customer's deposit
 * links to. One helper per network; the ID is read through the one parser first, so an ID in any
 * written form (upper case, with or without 0x, or an explorer link) gives the same link.
 */
import { parseTransactionId } from './transaction-ids';
import type { CryptoNetworkId } from './crypto-networks';

/** mempool.space (Bitcoin), bscscan (BNB Smart Chain), tronscan (TRON), solscan (Solana). */
export const EXPLORER_NAMES: Readonly<Record<CryptoNetworkId, string>> = {
  bitcoin: 'mempool.space',
  bsc: 'BscScan',
  tron: 'Tronscan',
  solana: 'Solscan',
};

export const bitcoinTransactionUrl = (id: string) => `https://mempool.space/tx/${id}`;
/** BscScan writes an EVM transaction hash with 0x. */
export const bscTransactionUrl = (id: string) => `https://bscscan.com/tx/0x${id}`;
export const tronTransactionUrl = (id: string) => `https://tronscan.org/#/transaction/${id}`;
export const solanaTransactionUrl = (id: string) => `https://solscan.io/tx/${id}`;

const TRANSACTION_URL: Readonly<Record<CryptoNetworkId, (id: string) => string>> = {
  bitcoin: bitcoinTransactionUrl,
  bsc: bscTransactionUrl,
  tron: tronTransactionUrl,
  solana: solanaTransactionUrl,
};

const ADDRESS_URL: Readonly<Record<CryptoNetworkId, (address: string) => string>> = {
  bitcoin: (address) => `https://mempool.space/address/${address}`,
  bsc: (address) => `https://bscscan.com/address/${address}`,
  tron: (address) => `https://tronscan.org/#/address/${address}`,
  solana: (address) => `https://solscan.io/account/${address}`,
};

/**
 * The transaction on `network`'s explorer, or undefined when `txid` is no transaction ID of that
 * network (never a link built from text the parser refused).
 */
export function explorerTransactionUrl(network: CryptoNetworkId, txid: string): string | undefined {
  const parsed = parseTransactionId(undefined, txid, network);
  if (!parsed.ok || parsed.id === undefined) return undefined;
  return TRANSACTION_URL[network](parsed.id);
}

/** An address on `network`'s explorer (the address as the chain writes it; only URL-safe characters pass). */
export function explorerAddressUrl(network: CryptoNetworkId, address: string): string | undefined {
  if (!/^[0-9A-Za-z]{20,100}$/.test(address)) return undefined;
  return ADDRESS_URL[network](address);
}
