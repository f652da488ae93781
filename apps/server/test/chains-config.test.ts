import { mnemonicToSeedSync } from '@scure/bip39';
import { HDKey } from '@scure/bip32';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import type { Database } from '../src/db/client';
import { addressDeriversFromConfig } from '../src/domain/crypto-deposits';
import { createChainWatchers, watchedChainNetworks } from '../src/providers/chains';
import { SandboxWatcher } from '../src/providers/chains/sandbox';
import { SANDBOX_SOLANA_RECIPIENT } from '../src/providers/chains/sandbox-keys';
import { openTestDatabase } from './support/db';
import { PRODUCTION_TEST_ENV } from './support/production-env';

/** The crypto settlement settings (docs/configuration.md, "Crypto settlement"): checked at start, built into derivers and watchers. */
const seed = mnemonicToSeedSync('abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about');
const ZPUB = HDKey.fromMasterSeed(seed, { private: 0x04b2430c, public: 0x04b24746 }).derive("m/84'/0'/0'").publicExtendedKey;
const EVM_XPUB = HDKey.fromMasterSeed(seed).derive("m/44'/60'/0'").publicExtendedKey;
const TRON_XPUB = HDKey.fromMasterSeed(seed).derive("m/44'/195'/0'").publicExtendedKey;
const TPUB = HDKey.fromMasterSeed(seed, { private: 0x04358394, public: 0x043587cf }).derive("m/84'/1'/0'").publicExtendedKey;

const refusal = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('the configuration was accepted');
};

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database?.close());

describe('crypto settlement settings', () => {
  it('are the sandbox chain by default outside production: the test mnemonic keys, a sandbox watcher per network', () => {
    const config = loadConfig({});
    expect(config.sandboxChain).toBe(true);
    const derivers = addressDeriversFromConfig(config);
    expect(derivers.bitcoin?.derive(0)).toBe('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu');
    expect(derivers.bsc?.derive(0)).toBe('0x9858EfFD232B4033E47d90003D41EC34EcaEda94');
    expect(derivers.tron?.derive(0)).toBe('TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH');
    expect(config.CRYPTO_SOLANA_RECIPIENT).toBe(SANDBOX_SOLANA_RECIPIENT);
    const watchers = createChainWatchers(config, database.db);
    expect(Object.keys(watchers).sort()).toEqual(['bitcoin', 'bsc', 'solana', 'tron']);
    for (const watcher of Object.values(watchers)) expect(watcher).toBeInstanceOf(SandboxWatcher);
    expect(watchedChainNetworks(config).sort()).toEqual(['bitcoin', 'bsc', 'solana', 'tron']);
    // The sandbox's Bitcoin key follows the Bitcoin network asked for.
    expect(addressDeriversFromConfig(loadConfig({ CRYPTO_BITCOIN_NETWORK: 'regtest' })).bitcoin?.derive(0)).toMatch(/^bcrt1q/);
  });

  it('are off with SANDBOX_CHAIN=false, and in production without chain settings: no keys, no watchers, the mainnet USDT contracts', () => {
    for (const config of [loadConfig({ SANDBOX_CHAIN: 'false' }), loadConfig({ ...PRODUCTION_TEST_ENV })]) {
      expect(config.sandboxChain).toBe(false);
      expect(addressDeriversFromConfig(config)).toEqual({});
      expect(createChainWatchers(config, database.db)).toEqual({});
      expect(watchedChainNetworks(config)).toEqual([]);
    }
    const config = loadConfig({ SANDBOX_CHAIN: 'false' });
    expect(config).toMatchObject({
      CRYPTO_BITCOIN_NETWORK: 'mainnet',
      CRYPTO_BSC_USDT_CONTRACT: '0x55d398326f99059fF775485246999027B3197955',
      CRYPTO_TRON_USDT_CONTRACT: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      CRYPTO_CHAIN_TIMEOUT_MS: 10_000,
    });
  });

  it("derive each network's addresses from its configured key, and build the configured watchers", () => {
    const config = loadConfig({
      CRYPTO_XPUB_BITCOIN: ZPUB,
      CRYPTO_XPUB_EVM: EVM_XPUB,
      CRYPTO_XPUB_TRON: TRON_XPUB,
      CRYPTO_ESPLORA_URL: 'http://127.0.0.1:1/api',
      CRYPTO_BSC_RPC_URL: 'http://127.0.0.1:1/rpc',
      CRYPTO_TRON_API_URL: 'http://127.0.0.1:1',
      CRYPTO_SOLANA_RPC_URL: 'http://127.0.0.1:1',
      CRYPTO_SOLANA_RECIPIENT: 'HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk',
    });
    const derivers = addressDeriversFromConfig(config);
    expect(derivers.bitcoin?.derive(0)).toBe('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu');
    expect(derivers.bsc?.derive(0)).toBe('0x9858EfFD232B4033E47d90003D41EC34EcaEda94');
    expect(derivers.tron?.derive(0)).toBe('TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH');
    expect(config.sandboxChain).toBe(false);
    const watchers = createChainWatchers(config, database.db);
    expect(Object.keys(watchers).sort()).toEqual(['bitcoin', 'bsc', 'solana', 'tron']);
    for (const watcher of Object.values(watchers)) expect(watcher).not.toBeInstanceOf(SandboxWatcher);
    // One real chain setting is enough to keep the sandbox out, and only that chain is watched.
    const one = loadConfig({ CRYPTO_ESPLORA_URL: 'http://127.0.0.1:1/api' });
    expect(one.sandboxChain).toBe(false);
    expect(Object.keys(createChainWatchers(one, database.db))).toEqual(['bitcoin']);
  });

  it('refuse the sandbox chain in production, and beside a real chain setting', () => {
    const production = refusal({ ...PRODUCTION_TEST_ENV, SANDBOX_CHAIN: 'true' });
    expect(production).toMatch(/SANDBOX_CHAIN: is refused in production/);
    expect(refusal({ SANDBOX_CHAIN: 'true', CRYPTO_TRON_API_URL: 'http://127.0.0.1:1' })).toMatch(
      /SANDBOX_CHAIN: is true but CRYPTO_TRON_API_URL is set/,
    );
    expect(loadConfig({ NODE_ENV: 'test', SANDBOX_CHAIN: 'true' }).sandboxChain).toBe(true);
  });

  it('refuse an extended private key without repeating it', () => {
    const xprv = HDKey.fromMasterSeed(seed).derive("m/44'/60'/0'").privateExtendedKey;
    const message = refusal({ CRYPTO_XPUB_EVM: xprv });
    expect(message).toMatch(/CRYPTO_XPUB_EVM/);
    expect(message).toMatch(/PRIVATE/);
    expect(message).not.toContain(xprv.slice(4, 30));
  });

  it('refuse a key of the wrong level or network, and malformed contracts and addresses', () => {
    expect(refusal({ CRYPTO_XPUB_TRON: HDKey.fromMasterSeed(seed).publicExtendedKey })).toMatch(/CRYPTO_XPUB_TRON.*depth 0/s);
    expect(refusal({ CRYPTO_XPUB_BITCOIN: TPUB })).toMatch(/CRYPTO_XPUB_BITCOIN.*testnet key but CRYPTO_BITCOIN_NETWORK is mainnet/s);
    expect(loadConfig({ CRYPTO_XPUB_BITCOIN: TPUB, CRYPTO_BITCOIN_NETWORK: 'regtest' }).CRYPTO_XPUB_BITCOIN).toBe(TPUB);
    expect(refusal({ CRYPTO_BSC_USDT_CONTRACT: '0x55D398326f99059fF775485246999027B3197955' })).toMatch(/CRYPTO_BSC_USDT_CONTRACT/);
    expect(refusal({ CRYPTO_TRON_USDT_CONTRACT: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u' })).toMatch(/CRYPTO_TRON_USDT_CONTRACT/);
    expect(refusal({ CRYPTO_SOLANA_RECIPIENT: '0x9858EfFD232B4033E47d90003D41EC34EcaEda94' })).toMatch(/CRYPTO_SOLANA_RECIPIENT/);
  });

  it('refuse a watch interval faster than the job queue schedules, which would stop the worker at start', () => {
    expect(refusal({ CRYPTO_WATCH_INTERVAL_MS: '500' })).toMatch(/CRYPTO_WATCH_INTERVAL_MS/);
    expect(loadConfig({ CRYPTO_WATCH_INTERVAL_MS: '1000' }).CRYPTO_WATCH_INTERVAL_MS).toBe(1000);
  });
});
