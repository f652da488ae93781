import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { base58check as base58checkOf } from '@scure/base';
import { HDKey } from '@scure/bip32';
import { NETWORK, p2wpkh, TEST_NETWORK } from '@scure/btc-signer';
import type { DerivedNetwork } from './types';

/**
 * Watch-only addresses from the account-level extended public keys the operator configures
 * (docs/crypto-settlement.md "Key ceremony"): Bitcoin BIP84 m/84'/0'/0' (native SegWit), BSC
 * BIP44 m/44'/60'/0', TRON BIP44 m/44'/195'/0'. The receive chain (0) and the index derive without
 * any secret; the private keys stay with the treasury, offline.
 */

export type BitcoinNetwork = 'mainnet' | 'testnet' | 'regtest';

const base58check = base58checkOf(sha256);

/** SLIP-132 version bytes of the public keys we accept, and the private versions we refuse. */
const PUBLIC_VERSIONS: Record<string, number> = {
  xpub: 0x0488b21e,
  zpub: 0x04b24746,
  tpub: 0x043587cf,
  vpub: 0x045f1cf6,
};
const PRIVATE_VERSIONS: Record<string, number> = {
  xprv: 0x0488ade4,
  zprv: 0x04b2430c,
  tprv: 0x04358394,
  vprv: 0x045f18bc,
};
const PRIVATE_OF: Record<number, number> = {
  [PUBLIC_VERSIONS.xpub!]: PRIVATE_VERSIONS.xprv!,
  [PUBLIC_VERSIONS.zpub!]: PRIVATE_VERSIONS.zprv!,
  [PUBLIC_VERSIONS.tpub!]: PRIVATE_VERSIONS.tprv!,
  [PUBLIC_VERSIONS.vpub!]: PRIVATE_VERSIONS.vprv!,
};
const TESTNET_VERSIONS = new Set([PUBLIC_VERSIONS.tpub, PUBLIC_VERSIONS.vpub]);

/** BIP32 caps a non-hardened child index below 2^31. */
export const MAX_DERIVATION_INDEX = 0x7fffffff;

export class ExtendedKeyError extends Error {
  override name = 'ExtendedKeyError';
}

/** An account-level extended public key, checked and ready to derive receive addresses from. */
export interface AccountKey {
  readonly hd: HDKey;
  /** BIP32 fingerprint of the account key (hex): names which key an address came from, safe to store and show. */
  readonly fingerprint: string;
  readonly testnet: boolean;
}

/**
 * Parses an xpub/zpub/tpub/vpub. Refuses private keys outright (the server must never hold one)
 * and keys not at account depth (3): a master or change-level key would derive other addresses
 * than the treasury's wallet shows.
 */
export function parseAccountKey(text: string): AccountKey {
  const trimmed = text.trim();
  let payload: Uint8Array;
  try {
    payload = base58check.decode(trimmed);
  } catch (error) {
    throw new ExtendedKeyError('not an extended key (base58check failed)', { cause: error });
  }
  if (payload.length !== 78) throw new ExtendedKeyError('not an extended key (wrong length)');
  const version = new DataView(payload.buffer, payload.byteOffset, 4).getUint32(0);
  if (Object.values(PRIVATE_VERSIONS).includes(version)) {
    throw new ExtendedKeyError('this is an extended PRIVATE key: configure the account extended public key only');
  }
  const privateVersion = PRIVATE_OF[version];
  if (privateVersion === undefined) throw new ExtendedKeyError(`unknown extended key version 0x${version.toString(16)}`);
  let hd: HDKey;
  try {
    hd = HDKey.fromExtendedKey(trimmed, { public: version, private: privateVersion });
  } catch (error) {
    throw new ExtendedKeyError('not a valid extended public key', { cause: error });
  }
  if (hd.depth !== 3) throw new ExtendedKeyError(`expected an account-level key (depth 3), got depth ${hd.depth}`);
  return { hd, fingerprint: hd.fingerprint.toString(16).padStart(8, '0'), testnet: TESTNET_VERSIONS.has(version) };
}

function receivePublicKey(key: AccountKey, index: number): Uint8Array {
  if (!Number.isSafeInteger(index) || index < 0 || index > MAX_DERIVATION_INDEX)
    throw new RangeError(`derivation index out of range: ${index}`);
  const child = key.hd.deriveChild(0).deriveChild(index);
  if (!child.publicKey) throw new ExtendedKeyError('derived key has no public key');
  return child.publicKey;
}

const REGTEST = { ...TEST_NETWORK, bech32: 'bcrt' };
const BITCOIN_NETWORKS = { mainnet: NETWORK, testnet: TEST_NETWORK, regtest: REGTEST } as const;

/** bc1q… (tb1q…, bcrt1q…): P2WPKH of m/…/0/index, as BIP84 wallets show it. */
export function deriveBitcoinAddress(key: AccountKey, index: number, network: BitcoinNetwork = 'mainnet'): string {
  if (key.testnet !== (network !== 'mainnet')) {
    throw new ExtendedKeyError(`a ${key.testnet ? 'testnet' : 'mainnet'} key cannot derive ${network} addresses`);
  }
  const address = p2wpkh(receivePublicKey(key, index), BITCOIN_NETWORKS[network]).address;
  if (!address) throw new ExtendedKeyError('no address for the derived key');
  return address;
}

/** The 20-byte account id EVM and TRON share: the last 20 bytes of keccak-256 of the uncompressed key. */
function accountId(publicKey: Uint8Array): Uint8Array {
  const uncompressed = secp256k1.Point.fromBytes(publicKey).toBytes(false);
  return keccak_256(uncompressed.subarray(1)).subarray(-20);
}

/** EIP-55 checksummed 0x… address of m/44'/60'/0'/0/index (BSC uses Ethereum's addresses). */
export function deriveEvmAddress(key: AccountKey, index: number): string {
  return checksumEvmAddress(bytesToHex(accountId(receivePublicKey(key, index))));
}

/** EIP-55: a hex letter is upper-case where the keccak-256 of the lower-case address has a nibble of 8 or more. */
export function checksumEvmAddress(hex: string): string {
  const lower = hex.toLowerCase().replace(/^0x/, '');
  if (!/^[0-9a-f]{40}$/.test(lower)) throw new ExtendedKeyError(`not an EVM address: ${hex}`);
  const hash = bytesToHex(keccak_256(new TextEncoder().encode(lower)));
  let out = '0x';
  for (let i = 0; i < 40; i += 1) out += parseInt(hash[i]!, 16) >= 8 ? lower[i]!.toUpperCase() : lower[i]!;
  return out;
}

/** T… address of m/44'/195'/0'/0/index: base58check of 0x41 and the account id. */
export function deriveTronAddress(key: AccountKey, index: number): string {
  return tronAddressFromHex(`41${bytesToHex(accountId(receivePublicKey(key, index)))}`);
}

/** TRON's hex form (41 + 20 bytes, or a bare 20-byte 0x… EVM-style id) → base58check T…. */
export function tronAddressFromHex(hex: string): string {
  let clean = hex.toLowerCase().replace(/^0x/, '');
  if (clean.length === 40) clean = `41${clean}`;
  if (!/^41[0-9a-f]{40}$/.test(clean)) throw new ExtendedKeyError(`not a TRON hex address: ${hex}`);
  return base58check.encode(Uint8Array.from(Buffer.from(clean, 'hex')));
}

export function isTronAddress(text: string): boolean {
  try {
    tronAddressToHex(text);
    return true;
  } catch {
    return false;
  }
}

/** T… → 41 + 20 bytes, lower-case hex; throws on a bad checksum. */
export function tronAddressToHex(address: string): string {
  const bytes = base58check.decode(address);
  if (bytes.length !== 21 || bytes[0] !== 0x41) throw new ExtendedKeyError(`not a TRON address: ${address}`);
  return bytesToHex(bytes);
}

/** The address of `network` at `index` under the account key. */
export function deriveAddress(network: DerivedNetwork, key: AccountKey, index: number, bitcoinNetwork: BitcoinNetwork = 'mainnet'): string {
  switch (network) {
    case 'bitcoin':
      return deriveBitcoinAddress(key, index, bitcoinNetwork);
    case 'bsc':
      return deriveEvmAddress(key, index);
    case 'tron':
      return deriveTronAddress(key, index);
  }
}
