import { createHash } from 'node:crypto';
import {
  cryptoAdminMessages,
  walletAddressProblem,
  addressFormatOf,
  networkAddressProblem,
  CRYPTO_NETWORKS,
  type AddressFormat,
} from '@wise/shared/admin';
import type { CoinId, CryptoNetworkId } from '@wise/shared';

/**
 * Wallet addresses are where customers send real coins, so a mistyped one loses their money.
 * The shared schema checks each chain's alphabet and shape; here the checksums the chains carry
 * are verified too: Base58Check for legacy Bitcoin and Tron, bech32 / bech32m for segwit
 * Bitcoin, and a Solana address must decode to a 32-byte key. (EVM addresses carry a checksum only
 * in their letter case, EIP-55, which needs Keccak-256; node:crypto has none, so those are
 * checked by alphabet and length only.)
 */

const BASE58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** Base58 text to bytes (leading '1's are leading zero bytes); undefined for a character outside the alphabet. */
export function base58Decode(text: string): Uint8Array | undefined {
  let value = 0n;
  for (const char of text) {
    const digit = BASE58_ALPHABET.indexOf(char);
    if (digit < 0) return undefined;
    value = value * 58n + BigInt(digit);
  }
  const bytes: number[] = [];
  while (value > 0n) {
    bytes.unshift(Number(value % 256n));
    value /= 256n;
  }
  let zeros = 0;
  while (zeros < text.length && text[zeros] === '1') zeros += 1;
  return Uint8Array.from([...new Array<number>(zeros).fill(0), ...bytes]);
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest();

/** The payload of a Base58Check string whose 4-byte checksum matches, else undefined. */
function base58CheckPayload(text: string): Uint8Array | undefined {
  const bytes = base58Decode(text);
  if (!bytes || bytes.length < 5) return undefined;
  const payload = bytes.subarray(0, bytes.length - 4);
  const checksum = sha256(sha256(payload)).subarray(0, 4);
  return checksum.equals(bytes.subarray(bytes.length - 4)) ? payload : undefined;
}

const BECH32_CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const BECH32_CONST = 1;
const BECH32M_CONST = 0x2bc830a3;

function bech32Polymod(values: number[]): number {
  const generators = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
  let checksum = 1;
  for (const value of values) {
    const top = checksum >>> 25;
    checksum = ((checksum & 0x1ffffff) << 5) ^ value;
    for (let i = 0; i < 5; i += 1) if ((top >>> i) & 1) checksum ^= generators[i] ?? 0;
  }
  return checksum >>> 0;
}

const hrpExpand = (hrp: string) => [...[...hrp].map((c) => c.charCodeAt(0) >> 5), 0, ...[...hrp].map((c) => c.charCodeAt(0) & 31)];

/** A mainnet segwit address (BIP 173 / BIP 350): bech32 for witness version 0, bech32m for 1-16. */
function validSegwit(address: string): boolean {
  if (!address.startsWith('bc1')) return false;
  const data = [...address.slice(3)].map((c) => BECH32_CHARSET.indexOf(c));
  if (data.some((d) => d < 0) || data.length < 7) return false;
  const version = data[0] ?? -1;
  if (version > 16) return false;
  const expected = version === 0 ? BECH32_CONST : BECH32M_CONST;
  if (bech32Polymod([...hrpExpand('bc'), ...data]) !== expected) return false;
  // The witness program (5-bit groups between the version and the 6-character checksum) as bytes.
  const groups = data.slice(1, -6);
  const programBytes = Math.floor((groups.length * 5) / 8);
  if (programBytes < 2 || programBytes > 40) return false;
  return version !== 0 || programBytes === 20 || programBytes === 32;
}

function checksumValid(format: AddressFormat, address: string): boolean {
  switch (format) {
    case 'bitcoin': {
      if (address.startsWith('bc1')) return validSegwit(address);
      const payload = base58CheckPayload(address);
      return payload !== undefined && payload.length === 21 && (payload[0] === 0x00 || payload[0] === 0x05);
    }
    case 'tron': {
      const payload = base58CheckPayload(address);
      return payload !== undefined && payload.length === 21 && payload[0] === 0x41;
    }
    case 'solana':
      return base58Decode(address)?.length === 32;
    case 'evm':
      return true;
  }
}

/** Why `address` cannot receive `coin` on `network` (alphabet, shape or checksum), or undefined when it can. */
export function addressProblem(coin: CoinId, network: string, address: string): string | undefined {
  const problem = walletAddressProblem(coin, network, address);
  if (problem) return problem;
  const format = addressFormatOf(coin, network);
  if (!format) return cryptoAdminMessages.networkInvalid;
  return checksumValid(format, address) ? undefined : cryptoAdminMessages.address.checksum;
}

/**
 * Why `address` cannot be our address for `coin` on `network` (a network id, 0052): the coin must
 * be taken on the network, the address fit its alphabet and shape, and its checksum match.
 */
export function companyAddressProblem(coin: CoinId, network: CryptoNetworkId, address: string): string | undefined {
  const problem = networkAddressProblem(coin, network, address);
  if (problem) return problem;
  return checksumValid(CRYPTO_NETWORKS[network].addressFormat, address) ? undefined : cryptoAdminMessages.address.checksum;
}
