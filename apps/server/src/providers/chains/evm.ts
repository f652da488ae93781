import {
  BaseError,
  createPublicClient,
  getAddress,
  http,
  HttpRequestError,
  parseAbiItem,
  RpcRequestError,
  TimeoutError,
  TransactionNotFoundError,
  TransactionReceiptNotFoundError,
  type Block,
  type Hash,
  type Log,
  type PublicClient,
} from 'viem';
import {
  ChainError,
  confirmationsAt,
  DEFAULT_CHAIN_TIMEOUT_MS,
  type ChainTip,
  type ChainTransaction,
  type ChainTransfer,
  type ChainWatcher,
  type TransferScan,
} from './types';

/**
 * BNB Smart Chain through Ethereum JSON-RPC (any BSC node or provider), with viem: native BNB
 * arriving as a transaction's value (read block by block with eth_getBlockByNumber, kept only when
 * its receipt says it succeeded) and ERC-20 `Transfer` logs to our addresses from any contract
 * (eth_getLogs on the `to` topic). Only the configured USDT contract's logs are `usdt`; a token
 * with the same name and symbol from any other contract is `other`. BNB and BSC's USDT both have
 * 18 decimals; amounts are wei-sized integers.
 *
 * Not seen: BNB sent by a contract (an internal transfer leaves no log and needs a tracing node).
 */
export interface EvmOptions {
  rpcUrl: string;
  /** The USDT (BEP20) contract: 0x55d398326f99059fF775485246999027B3197955 on BSC mainnet. */
  usdtContract: string;
  timeoutMs?: number;
  /** Blocks read per scan at most (each is one eth_getBlockByNumber): the next scan goes on from scannedTo. */
  maxBlocksPerScan?: number;
  /** Blocks per eth_getLogs call: public BSC endpoints refuse wide ranges. */
  maxLogRange?: number;
}

const TRANSFER = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');
/** Blocks read at once while scanning for native transfers. */
const BLOCK_READS_AT_ONCE = 8;

type TransferLog = Log<bigint, number, false, typeof TRANSFER, true>;

export class EvmWatcher implements ChainWatcher {
  readonly network = 'bsc' as const;
  private readonly client: PublicClient;
  private readonly usdt: string;
  private readonly maxBlocksPerScan: bigint;
  private readonly maxLogRange: bigint;

  constructor(options: EvmOptions) {
    const timeout = options.timeoutMs ?? DEFAULT_CHAIN_TIMEOUT_MS;
    // No retries of our own: a scan that fails is retried on the watcher's schedule, from the same height.
    this.client = createPublicClient({ transport: http(options.rpcUrl, { timeout, retryCount: 0 }) });
    this.usdt = getAddress(options.usdtContract);
    this.maxBlocksPerScan = BigInt(options.maxBlocksPerScan ?? 200);
    this.maxLogRange = BigInt(options.maxLogRange ?? 1000);
  }

  async tip(): Promise<ChainTip> {
    const block = await this.call(() => this.client.getBlock({ blockTag: 'latest' }));
    return { height: block.number, hash: block.hash };
  }

  async transfersTo(addresses: readonly string[], sinceHeight: bigint): Promise<TransferScan> {
    const tip = await this.tip();
    const from = sinceHeight < 0n ? 0n : sinceHeight;
    const to = tip.height < from + this.maxBlocksPerScan - 1n ? tip.height : from + this.maxBlocksPerScan - 1n;
    if (addresses.length === 0 || from > to) return { tip, scannedTo: to < from ? from - 1n : to, transfers: [] };
    const watched = new Set(addresses.map((a) => getAddress(a)));
    const blocks = await this.blocks(from, to);
    const transfers: ChainTransfer[] = [];

    for (const block of blocks.values()) {
      for (const tx of block.transactions) {
        if (!tx.to || tx.value === 0n || !watched.has(getAddress(tx.to))) continue;
        const receipt = await this.call(() => this.client.getTransactionReceipt({ hash: tx.hash }));
        if (receipt.status !== 'success') continue;
        transfers.push(this.native(tx.hash, tx.from, tx.to, tx.value, block, tip.height));
      }
    }
    for (let start = from; start <= to; start += this.maxLogRange) {
      const end = start + this.maxLogRange - 1n < to ? start + this.maxLogRange - 1n : to;
      const logs = await this.call(() =>
        this.client.getLogs({
          event: TRANSFER,
          args: { to: [...watched] as `0x${string}`[] },
          fromBlock: start,
          toBlock: end,
          strict: true,
        }),
      );
      for (const log of logs) {
        const block = blocks.get(log.blockNumber) ?? (await this.block(log.blockNumber));
        // A log from a block that is no longer the one we read (a reorganisation mid-scan) is left for the next scan.
        if (block.hash !== log.blockHash) continue;
        transfers.push(this.token(log, block, tip.height));
      }
    }
    return { tip, scannedTo: to, transfers };
  }

  async transaction(txid: string): Promise<ChainTransaction | null> {
    if (!/^0x[0-9a-fA-F]{64}$/.test(txid)) return null;
    const hash = txid as Hash;
    let tx;
    try {
      tx = await this.call(() => this.client.getTransaction({ hash }), true);
    } catch (error) {
      if (error instanceof NotFound) return null;
      throw error;
    }
    const tip = await this.tip();
    if (tx.blockNumber === null || tx.blockHash === null) {
      const pending = tx.to && tx.value > 0n ? [{ ...this.native(tx.hash, tx.from, tx.to, tx.value, null, tip.height) }] : [];
      return {
        network: 'bsc',
        txid: tx.hash,
        succeeded: true,
        blockNumber: null,
        blockHash: null,
        blockTime: null,
        confirmations: 0,
        transfers: pending,
      };
    }
    let receipt;
    try {
      receipt = await this.call(() => this.client.getTransactionReceipt({ hash }), true);
    } catch (error) {
      if (error instanceof NotFound) return null;
      throw error;
    }
    const block = await this.block(receipt.blockNumber);
    const succeeded = receipt.status === 'success';
    const transfers: ChainTransfer[] = [];
    if (succeeded && tx.to && tx.value > 0n) transfers.push(this.native(tx.hash, tx.from, tx.to, tx.value, block, tip.height));
    if (succeeded) {
      for (const raw of receipt.logs) {
        const log = decodeTransfer(raw);
        if (log) transfers.push(this.token(log, block, tip.height));
      }
    }
    return {
      network: 'bsc',
      txid: tx.hash,
      succeeded,
      blockNumber: receipt.blockNumber,
      blockHash: receipt.blockHash,
      blockTime: new Date(Number(block.timestamp) * 1000),
      confirmations: confirmationsAt(tip.height, receipt.blockNumber),
      transfers,
    };
  }

  private native(txid: string, from: string, to: string, value: bigint, block: Block<bigint, boolean> | null, tip: bigint): ChainTransfer {
    return {
      network: 'bsc',
      txid,
      index: -1,
      to: getAddress(to),
      from: getAddress(from),
      asset: 'bnb',
      contract: null,
      amount: value,
      blockNumber: block?.number ?? null,
      blockHash: block?.hash ?? null,
      blockTime: block ? new Date(Number(block.timestamp) * 1000) : null,
      confirmations: confirmationsAt(tip, block?.number ?? null),
    };
  }

  private token(log: TransferLog, block: Block<bigint, boolean>, tip: bigint): ChainTransfer {
    const contract = getAddress(log.address);
    return {
      network: 'bsc',
      txid: log.transactionHash,
      index: log.logIndex,
      to: getAddress(log.args.to),
      from: getAddress(log.args.from),
      asset: contract === this.usdt ? 'usdt' : 'other',
      contract,
      amount: log.args.value,
      blockNumber: log.blockNumber,
      blockHash: log.blockHash,
      blockTime: new Date(Number(block.timestamp) * 1000),
      confirmations: confirmationsAt(tip, log.blockNumber),
    };
  }

  private async block(number: bigint): Promise<Block<bigint, false>> {
    return this.call(() => this.client.getBlock({ blockNumber: number }));
  }

  private async blocks(from: bigint, to: bigint): Promise<Map<bigint, Block<bigint, true>>> {
    const blocks = new Map<bigint, Block<bigint, true>>();
    for (let start = from; start <= to; start += BigInt(BLOCK_READS_AT_ONCE)) {
      const numbers: bigint[] = [];
      for (let n = start; n <= to && n < start + BigInt(BLOCK_READS_AT_ONCE); n += 1n) numbers.push(n);
      const read = await Promise.all(
        numbers.map((blockNumber) => this.call(() => this.client.getBlock({ blockNumber, includeTransactions: true }))),
      );
      for (const block of read) blocks.set(block.number, block);
    }
    return blocks;
  }

  /** Runs one viem call, turning its errors into ChainErrors (and "not found" into NotFound when asked). */
  private async call<T>(work: () => Promise<T>, notFound = false): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (
        notFound &&
        error instanceof BaseError &&
        error.walk((e) => e instanceof TransactionNotFoundError || e instanceof TransactionReceiptNotFoundError)
      ) {
        throw new NotFound();
      }
      throw chainErrorOf(error);
    }
  }
}

class NotFound extends Error {}

/** A receipt's log as an ERC-20 Transfer (three topics, a 32-byte value), or null. */
function decodeTransfer(log: Log): TransferLog | null {
  const [topic, fromTopic, toTopic] = log.topics;
  if (
    log.topics.length !== 3 ||
    topic !== '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef' ||
    !fromTopic ||
    !toTopic ||
    log.data.length !== 66
  )
    return null;
  return {
    ...log,
    eventName: 'Transfer',
    args: { from: getAddress(`0x${fromTopic.slice(26)}`), to: getAddress(`0x${toTopic.slice(26)}`), value: BigInt(log.data) },
  } as TransferLog;
}

export function chainErrorOf(error: unknown): ChainError {
  if (error instanceof ChainError) return error;
  if (error instanceof BaseError) {
    if (error.walk((e) => e instanceof TimeoutError)) return new ChainError('bsc', 'timeout', error.shortMessage, { cause: error });
    const httpError = error.walk((e) => e instanceof HttpRequestError) as HttpRequestError | null;
    if (httpError && !(httpError instanceof RpcRequestError)) {
      const status = httpError.status;
      const kind = status === undefined || status >= 500 || status === 429 ? 'unavailable' : 'provider_error';
      return new ChainError('bsc', kind, httpError.shortMessage, { cause: error });
    }
    if (error.walk((e) => e instanceof RpcRequestError))
      return new ChainError('bsc', 'provider_error', error.shortMessage, { cause: error });
    return new ChainError('bsc', 'provider_error', error.shortMessage, { cause: error });
  }
  return new ChainError('bsc', 'bad_response', (error as Error)?.message ?? String(error), { cause: error });
}
