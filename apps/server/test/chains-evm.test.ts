import { mnemonicToSeedSync } from '@scure/bip39';
import { HDKey } from '@scure/bip32';
import { getAddress, parseEther, type Address, type Hash } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveEvmAddress, parseAccountKey } from '../src/providers/chains/derive';
import { EvmWatcher } from '../src/providers/chains/evm';
import { ChainError } from '../src/providers/chains/types';
import { startFakeHttp, type FakeHttp } from './support/chains/fake-http';
import { startLocalEvm, tokenAbi, type LocalEvm } from './support/chains/local-evm';

/**
 * The BSC watcher against a real EVM chain (Hardhat's, in process, over HTTP JSON-RPC) with two
 * deployments of one ERC-20: the configured "USDT" and a look-alike with the same name, symbol and
 * 18 decimals at another address. Deposit addresses are derived from an account xpub as in production.
 */
const seed = mnemonicToSeedSync('abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about');
const key = parseAccountKey(HDKey.fromMasterSeed(seed).derive("m/44'/60'/0'").publicExtendedKey);
const OURS = deriveEvmAddress(key, 0) as Address;
const ALSO_OURS = deriveEvmAddress(key, 1) as Address;
const STRANGER = deriveEvmAddress(key, 7) as Address;

let evm: LocalEvm;
let usdt: Address;
let lookalike: Address;
let payer: Address;
let watcher: EvmWatcher;

const transferToken = (token: Address, to: Address, amount: bigint): Promise<Hash> =>
  evm.wallet.writeContract({ address: token, abi: tokenAbi, functionName: 'transfer', args: [to, amount], account: payer, chain: null });
const sendBnb = (to: Address, value: bigint): Promise<Hash> => evm.wallet.sendTransaction({ to, value, account: payer, chain: null });
const height = async () => BigInt(await evm.request<string>('eth_blockNumber'));

beforeAll(async () => {
  evm = await startLocalEvm();
  payer = evm.accounts[1]!;
  usdt = await evm.deployToken('Tether USD', 'USDT', 18);
  lookalike = await evm.deployToken('Tether USD', 'USDT', 18);
  for (const token of [usdt, lookalike]) {
    await evm.wallet.writeContract({
      address: token,
      abi: tokenAbi,
      functionName: 'mint',
      args: [payer, parseEther('1000000')],
      account: evm.accounts[0]!,
      chain: null,
    });
  }
  watcher = new EvmWatcher({ rpcUrl: evm.url, usdtContract: usdt.toLowerCase(), timeoutMs: 2_000, maxLogRange: 3 });
});
afterAll(async () => {
  await evm?.close();
});

describe('transfers to our addresses on a real EVM chain', () => {
  it('reports USDT, a look-alike token and native BNB, each for what it is, with confirmations rising', async () => {
    const start = (await height()) + 1n;
    const paid = await transferToken(usdt, OURS, parseEther('250'));
    const fake = await transferToken(lookalike, OURS, parseEther('250'));
    const bnb = await sendBnb(ALSO_OURS, parseEther('0.5'));
    await transferToken(usdt, STRANGER, parseEther('9'));

    const scan = await watcher.transfersTo([OURS, ALSO_OURS], start);
    expect(scan.scannedTo).toBe(scan.tip.height);
    const byTx = new Map(scan.transfers.map((t) => [t.txid, t]));
    expect(scan.transfers).toHaveLength(3);
    expect(byTx.get(paid)).toMatchObject({
      network: 'bsc',
      asset: 'usdt',
      contract: usdt,
      to: OURS,
      from: getAddress(payer),
      amount: parseEther('250'),
      confirmations: 4,
    });
    expect(byTx.get(paid)!.index).toBeGreaterThanOrEqual(0);
    expect(byTx.get(fake)).toMatchObject({ asset: 'other', contract: lookalike, amount: parseEther('250') });
    expect(byTx.get(bnb)).toMatchObject({
      asset: 'bnb',
      contract: null,
      index: -1,
      to: ALSO_OURS,
      amount: parseEther('0.5'),
      confirmations: 2,
    });
    expect(byTx.get(bnb)!.from).toBe(getAddress(payer));
    expect(byTx.get(paid)!.blockHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(byTx.get(paid)!.blockTime).toBeInstanceOf(Date);

    await evm.request('hardhat_mine', ['0xa']);
    const later = await watcher.transfersTo([OURS, ALSO_OURS], start);
    expect(later.transfers.find((t) => t.txid === paid)?.confirmations).toBe(14);
    const looked = await watcher.transaction(paid);
    expect(looked).toMatchObject({ succeeded: true, confirmations: 14, blockHash: byTx.get(paid)!.blockHash });
    expect(looked?.transfers).toEqual([expect.objectContaining({ asset: 'usdt', to: OURS, amount: parseEther('250') })]);
  });

  it('reports the amount to the unit: one wei short is one wei short', async () => {
    const start = (await height()) + 1n;
    const short = await transferToken(usdt, OURS, parseEther('100') - 1n);
    const scan = await watcher.transfersTo([OURS], start);
    expect(scan.transfers).toEqual([expect.objectContaining({ txid: short, amount: 99_999_999_999_999_999_999n })]);
  });

  it('leaves out a transaction that failed, and reads no further than the scan limit', async () => {
    const start = (await height()) + 1n;
    // More than the payer holds of the look-alike: the call reverts, and the chain records it as failed.
    const failed = await evm.wallet
      .writeContract({
        address: lookalike,
        abi: tokenAbi,
        functionName: 'transfer',
        args: [OURS, parseEther('99999999')],
        account: payer,
        chain: null,
        gas: 100_000n,
      })
      .catch(() => null);
    const scan = await watcher.transfersTo([OURS], start);
    expect(scan.transfers).toEqual([]);
    if (failed) expect(await watcher.transaction(failed)).toMatchObject({ succeeded: false, transfers: [] });

    const narrow = new EvmWatcher({ rpcUrl: evm.url, usdtContract: usdt, maxBlocksPerScan: 2 });
    const limited = await narrow.transfersTo([OURS], 1n);
    expect(limited.scannedTo).toBe(2n);
  });
});

describe('reorganisations', () => {
  it('drops a transfer seen before its confirmations when the chain reorganises without it', async () => {
    const snapshot = await evm.request<string>('evm_snapshot');
    const start = (await height()) + 1n;
    const doomed = await transferToken(usdt, OURS, parseEther('500'));
    const seen = await watcher.transfersTo([OURS], start);
    expect(seen.transfers).toEqual([expect.objectContaining({ txid: doomed, confirmations: 1 })]);
    const seenHash = seen.transfers[0]!.blockHash;

    // Back to before it, then a longer branch without it: the same heights, other blocks.
    await evm.request('evm_revert', [snapshot]);
    await evm.request('hardhat_mine', ['0x3']);
    const after = await watcher.transfersTo([OURS], start);
    expect(after.transfers).toEqual([]);
    expect(after.tip.height).toBeGreaterThan(seen.tip.height);
    const block = await evm.request<{ hash: string }>('eth_getBlockByNumber', [`0x${start.toString(16)}`, false]);
    expect(block.hash).not.toBe(seenHash);
    expect(await watcher.transaction(doomed)).toBeNull();
  });
});

describe('provider failures', () => {
  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (error: unknown) => error,
    );

  it('raises a typed error when the node answers a JSON-RPC error (a refused log range)', async () => {
    evm.script.push({ error: { code: -32005, message: 'limit exceeded' } });
    const error = await failure(watcher.tip());
    expect(error).toBeInstanceOf(ChainError);
    expect(error).toMatchObject({ network: 'bsc', kind: 'provider_error' });
    const start = await height();
    // The tip answers, then the block read for the scan is refused.
    evm.script.push({ hangMs: 0 }, { error: { code: -32000, message: 'header not found' } });
    expect(await failure(watcher.transfersTo([OURS], start))).toMatchObject({ kind: 'provider_error' });
  });

  it('raises a typed time-out when the node does not answer in time', async () => {
    const slow = new EvmWatcher({ rpcUrl: evm.url, usdtContract: usdt, timeoutMs: 200 });
    evm.script.push({ hangMs: 1_000 });
    expect(await failure(slow.tip())).toMatchObject({ kind: 'timeout' });
  });

  it('raises unavailable for an HTTP 5xx and provider_error for a refusal', async () => {
    let gateway: FakeHttp | undefined;
    try {
      gateway = await startFakeHttp(() => ({ status: 503, body: 'upstream down' }));
      const down = new EvmWatcher({ rpcUrl: gateway.url, usdtContract: usdt, timeoutMs: 1_000 });
      expect(await failure(down.tip())).toMatchObject({ kind: 'unavailable' });
      gateway.script.push({ status: 401, body: 'bad key' });
      expect(await failure(down.tip())).toMatchObject({ kind: 'provider_error' });
    } finally {
      await gateway?.close();
    }
  });
});
