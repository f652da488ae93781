/*
 * Which networks each coin travels on and what an address on each looks like. Staff check the
 * wallet addresses customers send to with these rules, and customers the address their coins are
 * returned to; plain (no zod) so a customer screen can use them without the schemas.
 */
import type { CoinId } from './crypto';
import { coinTakenOn, CRYPTO_NETWORKS } from './crypto-networks';

export const walletAddressMessages = {
  networkInvalid: 'Choose a network this coin is sent on',
  addressRequired: 'Enter the wallet address',
  address: {
    bitcoin: 'Not a Bitcoin address: bc1… (lower-case letters and digits, no b, i, o or 1 after bc1) or a legacy address starting 1 or 3',
    tron: 'Not a TRC20 (Tron) address: T followed by 33 letters and digits, without 0, O, I or l',
    evm: 'Not an address on this network: 0x followed by 40 hexadecimal digits (0-9, a-f)',
    solana: 'Not a Solana address: 32-44 letters and digits, without 0, O, I or l',
    checksum: 'This address has a typing error (its checksum does not match): copy it again from the wallet',
  },
} as const;

/** The longest address any of these chains writes, with room to spare (a limit on every input). */
export const WALLET_ADDRESS_MAX = 120;

/** The chains the product takes coins on, by the alphabet and shape of their addresses. */
export type AddressFormat = 'bitcoin' | 'tron' | 'evm' | 'solana';

/** The networks each coin may be sent on, with the address format of each (the names customers read). */
export const WALLET_NETWORKS: Record<CoinId, Readonly<Record<string, AddressFormat>>> = {
  btc: { Bitcoin: 'bitcoin' },
  usdt: { TRC20: 'tron', ERC20: 'evm', BEP20: 'evm', Solana: 'solana' },
  bnb: { BEP20: 'evm' },
  sol: { Solana: 'solana' },
};

const BASE58 = '1-9A-HJ-NP-Za-km-z';
const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
/** Each format's alphabet and length; the server also verifies the checksum where the chain has one. */
export const ADDRESS_PATTERNS: Record<AddressFormat, readonly RegExp[]> = {
  // Segwit (bech32/bech32m, 42 or 62 characters for today's outputs) or legacy P2PKH/P2SH (base58).
  bitcoin: [new RegExp(`^bc1[${BECH32}]{39,87}$`), new RegExp(`^[13][${BASE58}]{25,34}$`)],
  tron: [new RegExp(`^T[${BASE58}]{33}$`)],
  evm: [/^0x[0-9a-fA-F]{40}$/],
  solana: [new RegExp(`^[${BASE58}]{32,44}$`)],
};

/** Own networks only: `constructor` or `__proto__` typed as a network is no network. */
export const addressFormatOf = (coin: CoinId, network: string): AddressFormat | undefined =>
  Object.hasOwn(WALLET_NETWORKS[coin], network) ? WALLET_NETWORKS[coin][network] : undefined;

/** The networks of a coin, in the order customers read them. */
export const networksOf = (coin: CoinId): string[] => Object.keys(WALLET_NETWORKS[coin]);

/** Why an address cannot be one of `network`'s for `coin` (alphabet and shape), or undefined when it can. */
export function walletAddressProblem(coin: CoinId, network: string, address: string): string | undefined {
  const format = addressFormatOf(coin, network);
  if (!format) return walletAddressMessages.networkInvalid;
  return ADDRESS_PATTERNS[format].some((pattern) => pattern.test(address)) ? undefined : walletAddressMessages.address[format];
}

/**
 * Why `address` cannot be our address for `coin` on `network` (a network id), by the network's
 * alphabet and shape, or undefined when it can. The server checks checksums on top.
 */
export function networkAddressProblem(coin: CoinId, network: string, address: string): string | undefined {
  if (!coinTakenOn(coin, network)) return walletAddressMessages.networkInvalid;
  const format = CRYPTO_NETWORKS[network].addressFormat;
  return ADDRESS_PATTERNS[format].some((pattern) => pattern.test(address)) ? undefined : walletAddressMessages.address[format];
}
