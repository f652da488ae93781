import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import type { Database } from '../src/db/client';
import { ManualClock } from '../src/lib/clock';
import { ChainError, createChainWatchers, sandboxChainFromConfig, type ChainNetwork, type ChainWatcher } from '../src/providers/chains';
import { SandboxChainError, sandboxLookAlikeContract, toBaseUnits, type SandboxChain } from '../src/providers/chains/sandbox';
import { SANDBOX_SOLANA_RECIPIENT } from '../src/providers/chains/sandbox-keys';
import { newSolanaReference } from '../src/providers/chains/solana-pay';
import { openTestDatabase } from './support/db';

/**
 * The sandbox chain held to what the real clients' tests expect of a chain (chains-esplora,
 * chains-evm, chains-tron, chains-solana): confirmations rising block by block, a reorganisation
 * dropping a transaction, a look-alike token reported as `other`, `sinceHeight` honoured, and the
 * shapes migration 0054 accepts. Blocks are mined by the test's clock, one per second.
 */
const BLOCK_MS = 1000;
const ADDRESSES: Record<Exclude<ChainNetwork, 'solana'>, string> = {
  bitcoin: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu',
  bsc: '0x9858EfFD232B4033E47d90003D41EC34EcaEda94',
  tron: 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH',
};
/** 0054's chain_deposits_txid_form. */
const TXID_FORM: Record<ChainNetwork, RegExp> = {
  bitcoin: /^[0-9a-f]{64}$/,
  tron: /^[0-9a-f]{64}$/,
  bsc: /^0x[0-9a-f]{64}$/,
  solana: /^[1-9A-HJ-NP-Za-km-z]{64,88}$/,
};

let database: Database;
const clock = new ManualClock('2026-03-02T10:00:00Z');
let chain: SandboxChain;
let watchers: Partial<Record<ChainNetwork, ChainWatcher>>;
const config = loadConfig({ NODE_ENV: 'test', SANDBOX_CHAIN_BLOCK_MS: String(BLOCK_MS) });

const watcher = (network: ChainNetwork) => watchers[network]!;
const mine = (blocks: number) => clock.advance(blocks * BLOCK_MS);

beforeAll(async () => {
  database = await openTestDatabase();
  chain = sandboxChainFromConfig(config, database.db, clock)!;
  watchers = createChainWatchers(config, database.db, clock);
});
afterAll(async () => database?.close());

describe('the sandbox chain', () => {
  it('mines a block per interval, the same chain for every instance', async () => {
    const start = await watcher('tron').tip();
    expect(await watcher('tron').tip()).toEqual(start);
    clock.advance(3.5 * BLOCK_MS);
    const later = await watcher('tron').tip();
    expect(later.height).toBe(start.height + 3n);
    expect(later.hash).toMatch(new RegExp(`^${later.height.toString(16).padStart(16, '0')}[0-9a-f]{48}$`));
    // Another instance (its own objects, the same database) sees the same tip.
    const other = createChainWatchers(config, database.db, clock).tron!;
    expect(await other.tip()).toEqual(later);
    clock.advance(0.5 * BLOCK_MS);
    expect((await other.tip()).height).toBe(start.height + 4n);
  });

  it.each(['bitcoin', 'bsc', 'tron'] as const)('%s: a payment is mined in the next block and its confirmations rise', async (network) => {
    const to = ADDRESSES[network];
    const asset = network === 'bitcoin' ? 'btc' : 'usdt';
    const amountBase = toBaseUnits('25.5', network === 'bitcoin' ? 8 : network === 'bsc' ? 18 : 6);
    const sent = await chain.send({ network, to, asset, amountBase });
    expect(sent.txid).toMatch(TXID_FORM[network]);
    const before = await watcher(network).transfersTo([to], 0n);
    if (network === 'bitcoin') {
      // Esplora shows the mempool: 0 confirmations, no block yet.
      expect(before.transfers).toEqual([
        expect.objectContaining({ txid: sent.txid, confirmations: 0, blockNumber: null, blockHash: null }),
      ]);
      expect(await watcher(network).transaction(sent.txid)).toMatchObject({ blockNumber: null, confirmations: 0 });
    } else {
      expect(before.transfers).toEqual([]);
      if (network === 'tron') expect(await watcher(network).transaction(sent.txid)).toBeNull();
    }

    mine(1);
    const first = await watcher(network).transfersTo([to], 0n);
    expect(first.scannedTo).toBe(first.tip.height);
    expect(first.transfers).toHaveLength(1);
    const transfer = first.transfers[0]!;
    expect(transfer).toMatchObject({
      network,
      txid: sent.txid,
      to,
      asset,
      amount: amountBase,
      blockNumber: sent.blockNumber,
      confirmations: 1,
      index: 0,
      contract: network === 'bitcoin' ? null : network === 'bsc' ? config.CRYPTO_BSC_USDT_CONTRACT : config.CRYPTO_TRON_USDT_CONTRACT,
    });
    expect(transfer.blockNumber).toBe(first.tip.height);
    expect(transfer.blockHash).toBe(first.tip.hash);
    expect(transfer.blockTime).toBeInstanceOf(Date);
    expect(transfer.from).toBeTruthy();

    mine(5);
    const later = await watcher(network).transfersTo([to], 0n);
    expect(later.transfers[0]).toMatchObject({ txid: sent.txid, confirmations: 6, blockHash: transfer.blockHash });
    const tx = await watcher(network).transaction(sent.txid);
    expect(tx).toMatchObject({
      network,
      txid: sent.txid,
      succeeded: true,
      confirmations: 6,
      blockNumber: sent.blockNumber,
      blockHash: transfer.blockHash,
    });
    expect(tx?.transfers).toEqual([{ ...transfer, confirmations: 6 }]);
  });

  it('bsc: BNB is the transaction value (index -1), addresses match whatever their letter case', async () => {
    const sent = await chain.send({ network: 'bsc', to: ADDRESSES.bsc.toLowerCase(), asset: 'bnb', amountBase: 10n ** 17n });
    expect(sent.index).toBe(-1);
    // A pending transaction is known by its hash, with its own value and no block.
    expect(await watcher('bsc').transaction(sent.txid)).toMatchObject({
      blockNumber: null,
      confirmations: 0,
      transfers: [{ asset: 'bnb', index: -1 }],
    });
    mine(1);
    const scan = await watcher('bsc').transfersTo([ADDRESSES.bsc.toLowerCase()], sent.blockNumber);
    expect(scan.transfers).toEqual([
      expect.objectContaining({ txid: sent.txid, index: -1, to: ADDRESSES.bsc, asset: 'bnb', contract: null, amount: 10n ** 17n }),
    ]);
  });

  it('honours sinceHeight: a transfer in an earlier block is not reported again', async () => {
    const sent = await chain.send({ network: 'tron', to: ADDRESSES.tron, asset: 'usdt', amountBase: 1_000_000n });
    mine(3);
    const at = await watcher('tron').transfersTo([ADDRESSES.tron], sent.blockNumber);
    expect(at.transfers.map((t) => t.txid)).toContain(sent.txid);
    const after = await watcher('tron').transfersTo([ADDRESSES.tron], sent.blockNumber + 1n);
    expect(after.transfers.map((t) => t.txid)).not.toContain(sent.txid);
    expect(after.scannedTo).toBe(after.tip.height);
    // A scan from beyond the tip finds nothing and says how far the chain goes.
    const beyond = await watcher('tron').transfersTo([ADDRESSES.tron], after.tip.height + 10n);
    expect(beyond).toMatchObject({ transfers: [], scannedTo: after.tip.height });
    // Someone else's address is not ours to see.
    expect((await watcher('tron').transfersTo(['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'], 0n)).transfers).toEqual([]);
  });

  it('a reorganisation drops a transaction: it leaves the scans and the chain no longer knows it', async () => {
    const sent = await chain.send({ network: 'bitcoin', to: ADDRESSES.bitcoin, asset: 'btc', amountBase: 50_000n });
    mine(1);
    expect((await watcher('bitcoin').transfersTo([ADDRESSES.bitcoin], sent.blockNumber)).transfers.map((t) => t.txid)).toContain(sent.txid);
    expect(await chain.drop(sent.txid)).toBe(true);
    expect((await watcher('bitcoin').transfersTo([ADDRESSES.bitcoin], 0n)).transfers.map((t) => t.txid)).not.toContain(sent.txid);
    expect(await watcher('bitcoin').transaction(sent.txid)).toBeNull();
    expect(await chain.drop(sent.txid)).toBe(false);
    expect(await chain.drop('f'.repeat(64))).toBe(false);
  });

  it('a look-alike token is `other`, from its own contract; the configured contract is refused as `other`', async () => {
    const fake = await chain.send({ network: 'bsc', to: ADDRESSES.bsc, asset: 'other', amountBase: 25n * 10n ** 18n });
    const named = await chain.send({
      network: 'tron',
      to: ADDRESSES.tron,
      asset: 'other',
      amountBase: 25_000_000n,
      contract: 'TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj',
    });
    mine(1);
    const bsc = (await watcher('bsc').transfersTo([ADDRESSES.bsc], fake.blockNumber)).transfers.find((t) => t.txid === fake.txid);
    expect(bsc).toMatchObject({ asset: 'other', contract: sandboxLookAlikeContract('bsc'), amount: 25n * 10n ** 18n });
    const tron = (await watcher('tron').transfersTo([ADDRESSES.tron], named.blockNumber)).transfers.find((t) => t.txid === named.txid);
    expect(tron).toMatchObject({ asset: 'other', contract: 'TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj' });
    await expect(
      chain.send({
        network: 'bsc',
        to: ADDRESSES.bsc,
        asset: 'other',
        amountBase: 1n,
        contract: config.CRYPTO_BSC_USDT_CONTRACT.toLowerCase(),
      }),
    ).rejects.toThrow(SandboxChainError);
    await expect(chain.send({ network: 'tron', to: ADDRESSES.tron, asset: 'bnb', amountBase: 1n })).rejects.toThrow(
      /tron carries usdt, other/,
    );
    await expect(chain.send({ network: 'bitcoin', to: 'not-an-address-at-all-000', asset: 'btc', amountBase: 1n })).rejects.toThrow(
      /not a bitcoin address/,
    );
    await expect(chain.send({ network: 'bitcoin', to: ADDRESSES.bitcoin, asset: 'btc', amountBase: 0n })).rejects.toThrow(/above zero/);
  });

  it('solana: a payment carrying a reference key is found by that key, paying the company recipient', async () => {
    const reference = newSolanaReference();
    const sent = await chain.send({ network: 'solana', to: reference, asset: 'usdt', amountBase: 10_000_000n });
    expect(sent.txid).toMatch(TXID_FORM.solana);
    expect(sent).toMatchObject({ to: SANDBOX_SOLANA_RECIPIENT, reference });
    // Finalized only: nothing before its block.
    expect((await watcher('solana').transfersTo([reference], 0n)).transfers).toEqual([]);
    expect(await watcher('solana').transaction(sent.txid)).toBeNull();
    mine(2);
    const byReference = await watcher('solana').transfersTo([reference], 0n);
    expect(byReference.transfers).toEqual([
      expect.objectContaining({
        txid: sent.txid,
        to: SANDBOX_SOLANA_RECIPIENT,
        reference,
        asset: 'usdt',
        contract: config.CRYPTO_SOLANA_USDT_MINT,
        amount: 10_000_000n,
        confirmations: 2,
      }),
    ]);
    // Watched by the address it paid, it is the same transfer without the reference.
    const byAddress = (await watcher('solana').transfersTo([SANDBOX_SOLANA_RECIPIENT], sent.blockNumber)).transfers.find(
      (t) => t.txid === sent.txid,
    );
    expect(byAddress).toBeDefined();
    expect(byAddress?.reference).toBeUndefined();
    expect((await watcher('solana').transfersTo([newSolanaReference()], 0n)).transfers).toEqual([]);
    await expect(watcher('solana').transfersTo(['0xnot-solana'], 0n)).rejects.toMatchObject({ kind: 'provider_error' });
    expect(await watcher('solana').transaction(sent.txid)).toMatchObject({
      succeeded: true,
      blockNumber: sent.blockNumber,
      confirmations: 2,
    });
  });

  it('plays a provider outage of the kind asked for, until cleared', async () => {
    await chain.setOutage('bitcoin', 'unavailable');
    const failure = await watcher('bitcoin')
      .tip()
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ChainError);
    expect(failure).toMatchObject({ network: 'bitcoin', kind: 'unavailable' });
    await expect(watcher('bitcoin').transfersTo([ADDRESSES.bitcoin], 0n)).rejects.toMatchObject({ kind: 'unavailable' });
    // Only that network fails.
    await expect(watcher('tron').tip()).resolves.toBeDefined();
    await chain.setOutage('bitcoin', null);
    await expect(watcher('bitcoin').tip()).resolves.toBeDefined();
  });
});
