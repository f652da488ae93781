import { base58 } from '@scure/base';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SOLANA_USDT_MINT, SolanaWatcher } from '../src/providers/chains/solana';
import { newSolanaReference, parseTransferRequestUrl, SolanaPayError, transferRequestUrl } from '../src/providers/chains/solana-pay';
import { ChainError } from '../src/providers/chains/types';
import { slotHash, solTransfer, splTransfer, startFakeSolana, type FakeSolana } from './support/chains/fake-solana';

/**
 * Solana: the Solana Pay transfer request a customer's wallet reads, and the watcher that finds
 * the payment by its reference key, against a local server speaking Solana's JSON-RPC.
 */
const RECIPIENT = 'HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk';
const PAYER = newSolanaReference();
/** Another mint (USDC's): a token that is not the configured USDT. */
const OTHER_MINT = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
/** A transaction signature: 64 bytes in base58, as the chain writes them. */
const sig = (n: number) => base58.encode(new Uint8Array(64).fill(n));

describe('Solana Pay transfer requests', () => {
  it('builds the solana: URL of a SOL payment with its reference, label and message encoded', () => {
    const reference = newSolanaReference();
    const url = transferRequestUrl({
      recipient: RECIPIENT,
      amount: '0.25',
      references: [reference],
      label: 'Wise',
      message: 'Sell 0.25 SOL — order #12 & more',
    });
    expect(url).toBe(
      `solana:${RECIPIENT}?amount=0.25&reference=${reference}&label=Wise&message=Sell%200.25%20SOL%20%E2%80%94%20order%20%2312%20%26%20more`,
    );
    expect(parseTransferRequestUrl(url)).toMatchObject({
      recipient: RECIPIENT,
      amount: '0.25',
      references: [reference],
      label: 'Wise',
      message: 'Sell 0.25 SOL — order #12 & more',
    });
  });

  it('names the mint as spl-token for a token payment, and takes several references in order', () => {
    const [one, two] = [newSolanaReference(), newSolanaReference()];
    const url = transferRequestUrl({
      recipient: RECIPIENT,
      amount: '12.5',
      splToken: SOLANA_USDT_MINT,
      decimals: 6,
      references: [one, two],
    });
    expect(url).toBe(`solana:${RECIPIENT}?amount=12.5&spl-token=${SOLANA_USDT_MINT}&reference=${one}&reference=${two}`);
  });

  it('refuses what a wallet would misread', () => {
    const reference = newSolanaReference();
    const request = { recipient: RECIPIENT, amount: '1', references: [reference] };
    for (const amount of ['1e3', '-1', '.5', '01', '0', '0.0', '1,5', '0.0000000001'])
      expect(() => transferRequestUrl({ ...request, amount })).toThrow(SolanaPayError);
    expect(() => transferRequestUrl({ ...request, amount: '1.1234567', splToken: SOLANA_USDT_MINT, decimals: 6 })).toThrow(/6 decimals/);
    expect(() => transferRequestUrl({ ...request, recipient: '0x9858EfFD232B4033E47d90003D41EC34EcaEda94' })).toThrow(/recipient/);
    expect(() => transferRequestUrl({ ...request, references: [] })).toThrow(/reference/);
    expect(() => transferRequestUrl({ ...request, references: ['TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH'] })).toThrow(/reference/);
  });

  it('draws a new 32-byte reference key every time', () => {
    const references = new Set(Array.from({ length: 100 }, () => newSolanaReference()));
    expect(references.size).toBe(100);
  });
});

let fake: FakeSolana;
let watcher: SolanaWatcher;
beforeAll(async () => {
  fake = await startFakeSolana();
  watcher = new SolanaWatcher({ rpcUrl: fake.url, timeoutMs: 500 });
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.slots.length = 500;
  fake.txs = [];
  fake.script = [];
});

describe('payments found by their reference key', () => {
  it('finds a SOL payment once finalized, crediting the recipient, with confirmations rising', async () => {
    const reference = newSolanaReference();
    fake.txs.push(solTransfer(sig(1), PAYER, RECIPIENT, 250_000_000n, [reference]));
    expect((await watcher.transfersTo([reference], 450n)).transfers).toEqual([]);

    fake.advance();
    fake.txs[0]!.slot = 500;
    const found = await watcher.transfersTo([reference], 450n);
    expect(found.tip).toEqual({ height: 500n, hash: slotHash(500) });
    expect(found.transfers).toEqual([
      expect.objectContaining({
        network: 'solana',
        txid: sig(1),
        index: 0,
        to: RECIPIENT,
        from: PAYER,
        asset: 'sol',
        contract: null,
        amount: 250_000_000n,
        blockNumber: 500n,
        blockHash: slotHash(500),
        confirmations: 1,
        reference,
      }),
    ]);
    fake.advance(31);
    expect((await watcher.transfersTo([reference], 450n)).transfers[0]!.confirmations).toBe(32);
    expect(await watcher.transaction(sig(1))).toMatchObject({ succeeded: true, blockNumber: 500n, confirmations: 32 });
  });

  it("tells USDT from another mint, credits the token account's owner, and reports one unit short as it is", async () => {
    const [usdtRef, otherRef] = [newSolanaReference(), newSolanaReference()];
    const accounts = () => ({ source: newSolanaReference(), destination: newSolanaReference() });
    fake.advance();
    fake.txs.push(
      { ...splTransfer(sig(2), SOLANA_USDT_MINT, PAYER, RECIPIENT, 9_999_999n, accounts(), [usdtRef]), slot: 500 },
      { ...splTransfer(sig(3), OTHER_MINT, PAYER, RECIPIENT, 10_000_000n, accounts(), [otherRef]), slot: 500 },
    );
    const scan = await watcher.transfersTo([usdtRef, otherRef], 450n);
    const byTx = new Map(scan.transfers.map((t) => [t.txid, t]));
    expect(byTx.get(sig(2))).toMatchObject({
      asset: 'usdt',
      contract: SOLANA_USDT_MINT,
      to: RECIPIENT,
      from: PAYER,
      amount: 9_999_999n,
      reference: usdtRef,
    });
    expect(byTx.get(sig(3))).toMatchObject({ asset: 'other', contract: OTHER_MINT, amount: 10_000_000n, reference: otherRef });
  });

  it('leaves out a failed transaction and slots before the scan start; finds payments to a watched address too', async () => {
    const reference = newSolanaReference();
    fake.advance();
    fake.txs.push(
      { ...solTransfer(sig(4), PAYER, RECIPIENT, 1n, [reference]), slot: 500, failed: true },
      { ...solTransfer(sig(5), PAYER, RECIPIENT, 2n, [reference]), slot: 400 },
    );
    expect((await watcher.transfersTo([reference], 450n)).transfers).toEqual([]);
    expect(await watcher.transaction(sig(4))).toMatchObject({ succeeded: false, transfers: [] });
    const byAddress = await watcher.transfersTo([RECIPIENT], 300n);
    expect(byAddress.transfers).toEqual([expect.objectContaining({ txid: sig(5), to: RECIPIENT, amount: 2n })]);
    expect(byAddress.transfers[0]!.reference).toBeUndefined();
  });
});

describe('a payment the chain no longer has', () => {
  it('drops a payment whose slot was replaced on a fork', async () => {
    const reference = newSolanaReference();
    fake.advance();
    fake.txs.push({ ...solTransfer(sig(6), PAYER, RECIPIENT, 5n, [reference]), slot: 500 });
    expect((await watcher.transfersTo([reference], 450n)).transfers).toHaveLength(1);
    fake.slots.length = 500;
    fake.slots.push(slotHash(500, 1), slotHash(501, 1));
    fake.txs = [];
    expect((await watcher.transfersTo([reference], 450n)).transfers).toEqual([]);
    expect(await watcher.transaction(sig(6))).toBeNull();
  });
});

describe('provider failures', () => {
  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (error: unknown) => error,
    );

  it('raises a typed time-out', async () => {
    fake.script.push({ status: 200, body: { jsonrpc: '2.0', id: 0, result: 1 }, delayMs: 2_000 });
    const error = await failure(watcher.tip());
    expect(error).toBeInstanceOf(ChainError);
    expect(error).toMatchObject({ network: 'solana', kind: 'timeout' });
  });

  it('raises typed errors for a JSON-RPC error, an HTTP 5xx and a malformed transaction', async () => {
    fake.script.push({ status: 200, body: { jsonrpc: '2.0', id: '0', error: { code: -32005, message: 'Node is unhealthy' } } });
    expect(await failure(watcher.tip())).toMatchObject({ kind: 'provider_error' });
    fake.script.push({ status: 503, body: 'unavailable' });
    expect(await failure(watcher.tip())).toMatchObject({ kind: 'unavailable' });
    fake.script.push({
      status: 200,
      body: {
        jsonrpc: '2.0',
        id: '0',
        result: { slot: 500, blockTime: null, meta: null, transaction: { signatures: [], message: { accountKeys: 'oops' } } },
      },
    });
    expect(await failure(watcher.transaction(sig(7)))).toMatchObject({ kind: 'bad_response' });
  });
});
