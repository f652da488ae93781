import { mnemonicToSeedSync } from '@scure/bip39';
import { HDKey } from '@scure/bip32';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deriveTronAddress, parseAccountKey } from '../src/providers/chains/derive';
import { TronWatcher } from '../src/providers/chains/tron';
import { ChainError } from '../src/providers/chains/types';
import { startFakeTron, tronBlockId, type FakeTron } from './support/chains/fake-tron';

/** The TRON watcher against a local server speaking TRON's HTTP API and TronGrid's listing. */
const seed = mnemonicToSeedSync('abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about');
const key = parseAccountKey(HDKey.fromMasterSeed(seed).derive("m/44'/195'/0'").publicExtendedKey);
const OURS = deriveTronAddress(key, 0);
const ALSO_OURS = deriveTronAddress(key, 1);
const PAYER = deriveTronAddress(key, 9);
const USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
/** Another contract (USDC's on TRON): a token that is not the configured USDT. */
const OTHER_TOKEN = 'TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8';
const txid = (n: number) => n.toString(16).padStart(64, 'c');

let fake: FakeTron;
let watcher: TronWatcher;
beforeAll(async () => {
  fake = await startFakeTron();
  watcher = new TronWatcher({ baseUrl: fake.url, usdtContract: USDT, apiKey: 'test-key', timeoutMs: 500 });
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.blocks.length = 1000;
  fake.transfers = [];
  fake.script = [];
});

describe('TRC20 transfers to our addresses', () => {
  it('reports a USDT payment once in a block, with confirmations counted from the latest block', async () => {
    fake.transfers.push({ txid: txid(1), contract: USDT, from: PAYER, to: OURS, amount: 25_000_000n });
    expect((await watcher.transfersTo([OURS], 990n)).transfers).toEqual([]);

    fake.mine();
    fake.transfers[0]!.height = 1000;
    const seen = await watcher.transfersTo([OURS], 990n);
    expect(seen.tip).toEqual({ height: 1000n, hash: tronBlockId(1000) });
    expect(seen.transfers).toEqual([
      expect.objectContaining({
        network: 'tron',
        txid: txid(1),
        index: 0,
        to: OURS,
        from: PAYER,
        asset: 'usdt',
        contract: USDT,
        amount: 25_000_000n,
        blockNumber: 1000n,
        blockHash: tronBlockId(1000),
        confirmations: 1,
      }),
    ]);
    fake.mine(19);
    expect((await watcher.transfersTo([OURS], 990n)).transfers[0]!.confirmations).toBe(20);
    expect(await watcher.transaction(txid(1))).toMatchObject({ succeeded: true, confirmations: 20, blockHash: tronBlockId(1000) });
    expect(fake.requests.at(-1)!.headers['tron-pro-api-key']).toBe('test-key');
  });

  it("reports another contract's token as other, an amount one unit short as it is, and no reverted call", async () => {
    fake.mine();
    fake.transfers.push(
      { txid: txid(2), contract: OTHER_TOKEN, from: PAYER, to: OURS, amount: 25_000_000n, height: 1000 },
      { txid: txid(3), contract: USDT, from: PAYER, to: ALSO_OURS, amount: 24_999_999n, height: 1000 },
      { txid: txid(4), contract: USDT, from: PAYER, to: OURS, amount: 25_000_000n, height: 1000, result: 'REVERT' },
    );
    const scan = await watcher.transfersTo([OURS, ALSO_OURS], 995n);
    const byTx = new Map(scan.transfers.map((t) => [t.txid, t]));
    expect(byTx.get(txid(2))).toMatchObject({ asset: 'other', contract: OTHER_TOKEN, amount: 25_000_000n });
    expect(byTx.get(txid(3))).toMatchObject({ asset: 'usdt', to: ALSO_OURS, amount: 24_999_999n });
    expect(byTx.has(txid(4))).toBe(false);
    expect(await watcher.transaction(txid(4))).toMatchObject({ succeeded: false, transfers: [] });
  });

  it('leaves out blocks before the scan start', async () => {
    fake.transfers.push({ txid: txid(5), contract: USDT, from: PAYER, to: OURS, amount: 1n, height: 900 });
    expect((await watcher.transfersTo([OURS], 950n)).transfers).toEqual([]);
    expect((await watcher.transfersTo([OURS], 900n)).transfers).toHaveLength(1);
  });
});

describe('reorganisations', () => {
  it('drops a transfer whose block was replaced before it was solidified', async () => {
    fake.mine();
    fake.transfers.push({ txid: txid(6), contract: USDT, from: PAYER, to: OURS, amount: 5_000_000n, height: 1000 });
    expect((await watcher.transfersTo([OURS], 995n)).transfers).toHaveLength(1);
    fake.blocks.length = 1000;
    fake.blocks.push(tronBlockId(1000, 1), tronBlockId(1001, 1));
    fake.transfers = [];
    expect((await watcher.transfersTo([OURS], 995n)).transfers).toEqual([]);
    expect(await watcher.transaction(txid(6))).toBeNull();
  });
});

describe('provider failures', () => {
  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (error: unknown) => error,
    );

  it('raises a typed time-out', async () => {
    fake.script.push({ status: 200, body: {}, delayMs: 2_000 });
    const error = await failure(watcher.tip());
    expect(error).toBeInstanceOf(ChainError);
    expect(error).toMatchObject({ network: 'tron', kind: 'timeout' });
  });

  it('raises typed errors for a node error, a rate limit and a malformed answer', async () => {
    fake.script.push({ status: 200, body: { Error: 'class org.tron.core.exception.BadItemException : block not found' } });
    expect(await failure(watcher.tip())).toMatchObject({ kind: 'provider_error' });
    fake.script.push({ status: 429, body: { Error: 'rate limited' } });
    expect(await failure(watcher.tip())).toMatchObject({ kind: 'unavailable' });
    fake.script.push({ status: 200, body: { blockID: 'zz' } });
    expect(await failure(watcher.tip())).toMatchObject({ kind: 'bad_response' });
    fake.script.push({ status: 200, body: 'not json' });
    expect(await failure(watcher.tip())).toMatchObject({ kind: 'bad_response' });
  });

  it('refuses a USDT contract setting with a bad checksum at construction', () => {
    expect(() => new TronWatcher({ baseUrl: fake.url, usdtContract: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u' })).toThrow();
  });
});
