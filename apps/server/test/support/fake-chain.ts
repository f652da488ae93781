import { randomBytes } from 'node:crypto';
import {
  ChainError,
  confirmationsAt,
  type ChainAsset,
  type ChainNetwork,
  type ChainTip,
  type ChainTransaction,
  type ChainTransfer,
  type ChainWatcher,
  type TransferScan,
} from '#server/providers/chains/types';

/**
 * A chain in memory for the watch loop's tests: transfers are sent to the mempool, blocks are
 * mined on demand, a transaction can be dropped (a reorganisation) or made to fail, and the
 * provider can be told to time out. It answers the `ChainWatcher` calls as the real clients do.
 */

interface FakeTx {
  txid: string;
  transfers: Omit<ChainTransfer, 'blockNumber' | 'blockHash' | 'blockTime' | 'confirmations'>[];
  block: bigint | null;
  succeeded: boolean;
}

export interface SendOptions {
  asset?: ChainAsset;
  contract?: string | null;
  index?: number;
  from?: string;
  reference?: string;
  /** The transaction's id (a fresh one otherwise): a customer may have quoted it in a sale by hand. */
  txid?: string;
}

export class FakeChain implements ChainWatcher {
  height = 1000n;
  readonly txs = new Map<string, FakeTx>();
  /** The next calls fail with this, as many times as `failures` says. */
  private failure: ChainError | null = null;
  private failures = 0;
  calls = 0;

  constructor(readonly network: ChainNetwork) {}

  private guard(): void {
    this.calls += 1;
    if (this.failure && this.failures > 0) {
      this.failures -= 1;
      throw this.failure;
    }
  }

  failNext(kind: ChainError['kind'], times = 1): void {
    this.failure = new ChainError(this.network, kind, `fake ${kind}`);
    this.failures = times;
  }

  newTxid(): string {
    const hex = randomBytes(32).toString('hex');
    return this.network === 'bsc' ? `0x${hex}` : hex;
  }

  /** A transfer in the mempool (no block yet); mine() puts it in the next block. */
  send(to: string, amount: bigint, options: SendOptions = {}): string {
    const txid = options.txid ?? this.newTxid();
    const asset = options.asset ?? (this.network === 'bitcoin' ? 'btc' : this.network === 'solana' ? 'sol' : 'usdt');
    this.txs.set(txid, {
      txid,
      block: null,
      succeeded: true,
      transfers: [
        {
          network: this.network,
          txid,
          index: options.index ?? 0,
          to,
          from: options.from ?? null,
          asset,
          contract: options.contract ?? null,
          amount,
          ...(options.reference ? { reference: options.reference } : {}),
        },
      ],
    });
    return txid;
  }

  /** Another output of the same transaction, to the same or another address. */
  addOutput(txid: string, to: string, amount: bigint, index: number): void {
    const tx = this.txs.get(txid);
    const first = tx?.transfers[0];
    if (!tx || !first) throw new Error(`no transaction ${txid}`);
    tx.transfers.push({ ...first, to, amount, index });
  }

  /** Mines `blocks` blocks; waiting transactions go into the first. */
  mine(blocks = 1): void {
    for (let i = 0; i < blocks; i += 1) {
      this.height += 1n;
      for (const tx of this.txs.values()) if (tx.block === null) tx.block = this.height;
    }
  }

  /** A reorganisation that left the transaction out: the chain no longer knows it. */
  drop(txid: string): void {
    this.txs.delete(txid);
  }

  private hashOf(height: bigint): string {
    return `${height.toString(16).padStart(64, '0')}`;
  }

  /** A block's time: ten minutes a block from 1 June 2026, so a test can say when its transaction was mined. */
  blockTimeOf(height: bigint): Date {
    return new Date(Date.UTC(2026, 5, 1) + Number(height) * 600_000);
  }

  private full(tx: FakeTx): ChainTransfer[] {
    return tx.transfers.map((t) => ({
      ...t,
      blockNumber: tx.block,
      blockHash: tx.block === null ? null : this.hashOf(tx.block),
      blockTime: tx.block === null ? null : this.blockTimeOf(tx.block),
      confirmations: confirmationsAt(this.height, tx.block),
    }));
  }

  async tip(): Promise<ChainTip> {
    this.guard();
    return { height: this.height, hash: this.hashOf(this.height) };
  }

  async transfersTo(addresses: readonly string[], sinceHeight: bigint): Promise<TransferScan> {
    this.guard();
    const wanted = new Set(addresses.map((a) => (this.network === 'bsc' ? a.toLowerCase() : a)));
    const transfers: ChainTransfer[] = [];
    for (const tx of this.txs.values()) {
      if (tx.block !== null && tx.block < sinceHeight) continue;
      for (const transfer of this.full(tx)) {
        const key =
          this.network === 'solana' ? (transfer.reference ?? '') : this.network === 'bsc' ? transfer.to.toLowerCase() : transfer.to;
        if (wanted.has(key)) transfers.push(transfer);
      }
    }
    return { tip: { height: this.height, hash: this.hashOf(this.height) }, scannedTo: this.height, transfers };
  }

  async transaction(txid: string): Promise<ChainTransaction | null> {
    this.guard();
    const tx = this.txs.get(txid);
    if (!tx) return null;
    return {
      network: this.network,
      txid,
      succeeded: tx.succeeded,
      blockNumber: tx.block,
      blockHash: tx.block === null ? null : this.hashOf(tx.block),
      // As the real clients answer: a mined transaction has its block's time.
      blockTime: tx.block === null ? null : this.blockTimeOf(tx.block),
      confirmations: confirmationsAt(this.height, tx.block),
      transfers: this.full(tx),
    };
  }
}
