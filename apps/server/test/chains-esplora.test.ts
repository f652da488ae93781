import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EsploraWatcher } from '../src/providers/chains/esplora';
import { ChainError } from '../src/providers/chains/types';
import { forkHash, startFakeEsplora, type FakeEsplora } from './support/chains/fake-esplora';

/** The Bitcoin watcher against a local server speaking Esplora's REST API over a chain the test moves. */
const OURS = 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu';
const ALSO_OURS = 'bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g';
const STRANGER = 'bc1q8c6fshw2dlwun7ekn9qwf37cu2rn755upcp6el';
const PAYER = 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh';
const txid = (n: number) => n.toString(16).padStart(64, 'a');

let fake: FakeEsplora;
let watcher: EsploraWatcher;
beforeAll(async () => {
  fake = await startFakeEsplora();
  watcher = new EsploraWatcher({ baseUrl: fake.url, timeoutMs: 500 });
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.blocks.length = 100;
  fake.txs = [];
  fake.script = [];
});

describe('transfers to our addresses', () => {
  it('sees a payment in the mempool, then its confirmations rise block by block', async () => {
    fake.txs.push({
      txid: txid(1),
      from: PAYER,
      outputs: [
        { address: OURS, value: 1_500_000 },
        { address: PAYER, value: 98_000 },
      ],
    });
    const pending = await watcher.transfersTo([OURS], 99n);
    expect(pending.tip.height).toBe(99n);
    expect(pending.transfers).toEqual([
      expect.objectContaining({
        network: 'bitcoin',
        txid: txid(1),
        index: 0,
        to: OURS,
        from: PAYER,
        asset: 'btc',
        contract: null,
        amount: 1_500_000n,
        blockNumber: null,
        blockHash: null,
        confirmations: 0,
      }),
    ]);

    fake.mine();
    fake.txs[0]!.height = 100;
    const once = await watcher.transfersTo([OURS], 99n);
    expect(once.transfers[0]).toMatchObject({ blockNumber: 100n, blockHash: fake.blocks[100], confirmations: 1 });
    expect(once.transfers[0]!.blockTime).toBeInstanceOf(Date);

    fake.mine(2);
    expect((await watcher.transfersTo([OURS], 99n)).transfers[0]!.confirmations).toBe(3);
    expect((await watcher.transaction(txid(1)))?.confirmations).toBe(3);
  });

  it('reports the amount exactly as paid, one satoshi short included, and only outputs to watched addresses', async () => {
    fake.mine();
    fake.txs.push({
      txid: txid(2),
      from: PAYER,
      outputs: [
        { address: STRANGER, value: 50_000 },
        { address: ALSO_OURS, value: 49_999 },
      ],
      height: 100,
    });
    const scan = await watcher.transfersTo([OURS, ALSO_OURS], 90n);
    expect(scan.transfers).toHaveLength(1);
    expect(scan.transfers[0]).toMatchObject({ to: ALSO_OURS, index: 1, amount: 49_999n });
  });

  it('leaves out blocks before the scan start, and pages through a long history', async () => {
    // 60 payments in blocks 40..99: three pages of Esplora's 25.
    for (let i = 0; i < 60; i += 1)
      fake.txs.push({ txid: txid(100 + i), from: PAYER, outputs: [{ address: OURS, value: 1000 + i }], height: 40 + i });
    const recent = await watcher.transfersTo([OURS], 90n);
    expect(recent.transfers.map((t) => t.blockNumber).sort()).toEqual(Array.from({ length: 10 }, (_, i) => BigInt(90 + i)));
    const all = await watcher.transfersTo([OURS], 0n);
    expect(all.transfers).toHaveLength(60);
    expect(fake.requests.some((r) => r.path.includes('/txs/chain/'))).toBe(true);
  });
});

describe('reorganisations', () => {
  it('drops a payment seen in a block that a reorganisation replaced, before it reached its confirmations', async () => {
    fake.mine();
    fake.txs.push({ txid: txid(3), from: PAYER, outputs: [{ address: OURS, value: 700_000 }], height: 100 });
    const seen = await watcher.transfersTo([OURS], 99n);
    expect(seen.transfers[0]).toMatchObject({ confirmations: 1, blockHash: forkHash(100) });

    // A competing branch replaces block 100 and grows past it; the payment was in neither of its blocks.
    fake.blocks.length = 100;
    fake.blocks.push(forkHash(100, 1), forkHash(101, 1));
    fake.txs = [];
    expect((await watcher.transfersTo([OURS], 99n)).transfers).toEqual([]);
    expect(await watcher.transaction(txid(3))).toBeNull();
  });

  it('shows a payment moved into another block under its new block hash', async () => {
    fake.mine();
    fake.txs.push({ txid: txid(4), from: PAYER, outputs: [{ address: OURS, value: 1 }], height: 100 });
    const before = await watcher.transaction(txid(4));
    fake.blocks.length = 100;
    fake.blocks.push(forkHash(100, 2), forkHash(101, 2));
    fake.txs[0]!.height = 101;
    const after = await watcher.transaction(txid(4));
    expect(after?.blockHash).not.toBe(before?.blockHash);
    expect(after).toMatchObject({ blockNumber: 101n, blockHash: forkHash(101, 2), confirmations: 1 });
  });
});

describe('provider failures', () => {
  const failure = async (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (error: unknown) => error,
    );

  it('raises a typed time-out when the provider does not answer within the configured time', async () => {
    fake.script.push({ status: 200, body: '100', delayMs: 2_000 });
    const error = await failure(watcher.tip());
    expect(error).toBeInstanceOf(ChainError);
    expect(error).toMatchObject({ network: 'bitcoin', kind: 'timeout' });
  });

  it('raises typed errors for a 5xx, a refusal and an answer of the wrong shape', async () => {
    fake.script.push({ status: 502, body: 'bad gateway' });
    expect(await failure(watcher.tip())).toMatchObject({ kind: 'unavailable' });
    fake.script.push(
      { status: 200, body: '99' },
      { status: 200, body: fake.blocks[99]! },
      { status: 400, body: 'Invalid Bitcoin address' },
    );
    expect(await failure(watcher.transfersTo(['nonsense'], 0n))).toMatchObject({ kind: 'provider_error' });
    fake.script.push({ status: 200, body: 'not a height' }, { status: 200, body: 'x' });
    expect(await failure(watcher.tip())).toMatchObject({ kind: 'bad_response' });
    fake.script.push({ status: 200, body: '99' }, { status: 200, body: fake.blocks[99]! }, { status: 200, body: [{ txid: 'nope' }] });
    expect(await failure(watcher.transfersTo([OURS], 0n))).toMatchObject({ kind: 'bad_response' });
  });
});
