import { mnemonicToSeedSync } from '@scure/bip39';
import { HDKey } from '@scure/bip32';
import { describe, expect, it } from 'vitest';
import {
  deriveAddress,
  deriveBitcoinAddress,
  deriveEvmAddress,
  deriveTronAddress,
  ExtendedKeyError,
  parseAccountKey,
  tronAddressFromHex,
  tronAddressToHex,
} from '../src/providers/chains/derive';

/**
 * Watch-only derivation against published vectors: BIP84's own test vector (zpub → bc1q…) and the
 * addresses every BIP39 wallet shows for the "abandon … about" mnemonic at m/44'/60'/0'/0/0 and
 * m/44'/195'/0'/0/0. The account keys are derived here from the mnemonic, as the treasury's wallet
 * would, and only their public halves reach the code under test.
 */
const MNEMONIC = 'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const seed = mnemonicToSeedSync(MNEMONIC);
const ZPUB_VERSIONS = { private: 0x04b2430c, public: 0x04b24746 };
const VPUB_VERSIONS = { private: 0x045f18bc, public: 0x045f1cf6 };

/** BIP84's published account key for the mnemonic (bips/bip-0084.mediawiki, "Test vectors"). */
const BIP84_ZPUB = 'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';

const accountXpub = (path: string, versions?: { private: number; public: number }) =>
  HDKey.fromMasterSeed(seed, versions).derive(path).publicExtendedKey;

describe('Bitcoin (BIP84, native SegWit)', () => {
  it('derives the BIP84 test vector addresses from its zpub', () => {
    expect(accountXpub("m/84'/0'/0'", ZPUB_VERSIONS)).toBe(BIP84_ZPUB);
    const key = parseAccountKey(BIP84_ZPUB);
    expect(deriveBitcoinAddress(key, 0)).toBe('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu');
    expect(deriveBitcoinAddress(key, 1)).toBe('bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g');
  });

  it('reads the same account key written as an xpub', () => {
    const key = parseAccountKey(accountXpub("m/84'/0'/0'"));
    expect(deriveAddress('bitcoin', key, 0)).toBe('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu');
  });

  it('derives testnet and regtest prefixes from a vpub, and refuses to mix networks', () => {
    const testKey = parseAccountKey(accountXpub("m/84'/1'/0'", VPUB_VERSIONS));
    expect(testKey.testnet).toBe(true);
    // BIP84's vector for m/84'/1'/0'/0/0 is not published; the prefix and shape are what matter here.
    expect(deriveBitcoinAddress(testKey, 0, 'testnet')).toMatch(/^tb1q[02-9ac-hj-np-z]{38}$/);
    expect(deriveBitcoinAddress(testKey, 0, 'regtest')).toMatch(/^bcrt1q[02-9ac-hj-np-z]{38}$/);
    expect(() => deriveBitcoinAddress(testKey, 0, 'mainnet')).toThrow(ExtendedKeyError);
    expect(() => deriveBitcoinAddress(parseAccountKey(BIP84_ZPUB), 0, 'testnet')).toThrow(ExtendedKeyError);
  });
});

describe('BSC (BIP44 coin 60) and TRON (BIP44 coin 195)', () => {
  it('derives the well-known EVM address, EIP-55 checksummed', () => {
    const key = parseAccountKey(accountXpub("m/44'/60'/0'"));
    expect(deriveEvmAddress(key, 0)).toBe('0x9858EfFD232B4033E47d90003D41EC34EcaEda94');
    expect(deriveAddress('bsc', key, 0)).toBe('0x9858EfFD232B4033E47d90003D41EC34EcaEda94');
    expect(deriveEvmAddress(key, 1)).not.toBe(deriveEvmAddress(key, 0));
  });

  it('derives the well-known TRON addresses', () => {
    const key = parseAccountKey(accountXpub("m/44'/195'/0'"));
    expect(deriveTronAddress(key, 0)).toBe('TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH');
    expect(deriveTronAddress(key, 1)).toBe('TSeJkUh4Qv67VNFwY8LaAxERygNdy6NQZK');
    expect(deriveAddress('tron', key, 2)).toBe('TYJPRrdB5APNeRs4R7fYZSwW3TcrTKw2gx');
  });

  it('converts TRON addresses between base58check and hex', () => {
    // USDT TRC20's contract (docs/crypto-settlement.md).
    const hex = tronAddressToHex('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
    expect(hex).toBe('41a614f803b6fd780986a42c78ec9c7f77e6ded13c');
    expect(tronAddressFromHex(hex)).toBe('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
    expect(tronAddressFromHex('0xa614f803b6fd780986a42c78ec9c7f77e6ded13c')).toBe('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
    expect(() => tronAddressToHex('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u')).toThrow();
  });
});

describe('what the key parser refuses', () => {
  it('refuses an extended private key, naming why', () => {
    const xprv = HDKey.fromMasterSeed(seed).derive("m/84'/0'/0'").privateExtendedKey;
    expect(() => parseAccountKey(xprv)).toThrow(/PRIVATE/);
    const zprv = HDKey.fromMasterSeed(seed, ZPUB_VERSIONS).derive("m/84'/0'/0'").privateExtendedKey;
    expect(() => parseAccountKey(zprv)).toThrow(/PRIVATE/);
  });

  it('refuses keys not at the account level, and text that is no key', () => {
    expect(() => parseAccountKey(HDKey.fromMasterSeed(seed).publicExtendedKey)).toThrow(/depth 0/);
    expect(() => parseAccountKey(accountXpub("m/84'/0'/0'/0"))).toThrow(/depth 4/);
    expect(() => parseAccountKey(`${BIP84_ZPUB.slice(0, -1)}t`)).toThrow(ExtendedKeyError);
    expect(() => parseAccountKey('hello')).toThrow(ExtendedKeyError);
  });

  it('names the key by its fingerprint and refuses indexes BIP32 cannot derive unhardened', () => {
    const key = parseAccountKey(BIP84_ZPUB);
    expect(key.fingerprint).toMatch(/^[0-9a-f]{8}$/);
    expect(() => deriveBitcoinAddress(key, -1)).toThrow(RangeError);
    expect(() => deriveBitcoinAddress(key, 2 ** 31)).toThrow(RangeError);
  });
});
