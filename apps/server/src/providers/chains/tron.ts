import { z } from 'zod';
import { tronAddressFromHex, tronAddressToHex } from './derive';
import { chainRequest, parseJson, type ChainHttpOptions } from './http';
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
 * TRON through its HTTP API: the node's own /wallet/getnowblock, /wallet/getblockbynum and
 * /wallet/gettransactioninfobyid (what the chain executed: receipt and event logs), and TronGrid's
 * /v1/accounts/:address/transactions/trc20 to find which transactions paid an address. The
 * listing only points at transactions; amounts, contract, recipient and success are read from
 * the node's transaction info, so an indexer's mistake cannot credit anything. Only the configured
 * USDT contract's transfers are `usdt` (6 decimals); any other contract's are `other`.
 */
export interface TronOptions {
  /** A TronGrid-compatible endpoint (https://api.trongrid.io on mainnet). */
  baseUrl: string;
  /** USDT TRC20: TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t on mainnet. */
  usdtContract: string;
  /** Sent as TRON-PRO-API-KEY, which TronGrid asks for beyond its small anonymous allowance. */
  apiKey?: string;
  timeoutMs?: number;
  /** Listing pages (of 200) read per address and scan, at most. */
  maxPages?: number;
}

const TRANSFER_TOPIC = 'ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
const hex = z.string().regex(/^[0-9a-fA-F]*$/);

const blockSchema = z.object({
  blockID: z.string().regex(/^[0-9a-f]{64}$/),
  block_header: z.object({ raw_data: z.object({ number: z.number().int().nonnegative().default(0), timestamp: z.number().int() }) }),
});
const infoSchema = z.object({
  id: z.string().regex(/^[0-9a-f]{64}$/),
  blockNumber: z.number().int().nonnegative(),
  blockTimeStamp: z.number().int(),
  result: z.string().optional(),
  receipt: z.object({ result: z.string().optional() }).optional(),
  log: z.array(z.object({ address: hex, topics: z.array(hex).default([]), data: hex.default('') })).default([]),
});
type TransactionInfo = z.infer<typeof infoSchema>;
const listingSchema = z.object({
  success: z.boolean().optional(),
  data: z.array(z.object({ transaction_id: z.string().regex(/^[0-9a-f]{64}$/) })),
  meta: z.object({ fingerprint: z.string().optional() }).optional(),
});

export class TronWatcher implements ChainWatcher {
  readonly network = 'tron' as const;
  private readonly http: ChainHttpOptions;
  private readonly usdt: string;
  private readonly maxPages: number;

  constructor(options: TronOptions) {
    this.http = {
      network: 'tron',
      baseUrl: options.baseUrl,
      timeoutMs: options.timeoutMs ?? DEFAULT_CHAIN_TIMEOUT_MS,
      headers: options.apiKey ? { 'TRON-PRO-API-KEY': options.apiKey } : undefined,
    };
    // Checked (base58check) once here: a typo in the setting fails at start, not as "no payments".
    tronAddressToHex(options.usdtContract);
    this.usdt = options.usdtContract;
    this.maxPages = options.maxPages ?? 20;
  }

  async tip(): Promise<ChainTip> {
    const block = this.parse(blockSchema, '/wallet/getnowblock', await this.post('/wallet/getnowblock', {}));
    return { height: BigInt(block.block_header.raw_data.number), hash: block.blockID };
  }

  async transfersTo(addresses: readonly string[], sinceHeight: bigint): Promise<TransferScan> {
    const tip = await this.tip();
    if (addresses.length === 0 || sinceHeight > tip.height) return { tip, scannedTo: tip.height, transfers: [] };
    const start = await this.blockAt(sinceHeight < 0n ? 0n : sinceHeight);
    const watched = new Set(addresses);
    const txids = new Set<string>();
    for (const address of watched) for (const txid of await this.listing(address, start.timestamp)) txids.add(txid);
    const blocks = new Map<number, { hash: string; timestamp: number }>();
    const transfers: ChainTransfer[] = [];
    for (const txid of txids) {
      const info = await this.info(txid);
      if (!info || BigInt(info.blockNumber) < sinceHeight) continue;
      if (!blocks.has(info.blockNumber)) blocks.set(info.blockNumber, await this.blockAt(BigInt(info.blockNumber)));
      for (const transfer of this.transfersOf(info, blocks.get(info.blockNumber)!.hash, tip.height)) {
        if (watched.has(transfer.to)) transfers.push(transfer);
      }
    }
    return { tip, scannedTo: tip.height, transfers };
  }

  async transaction(txid: string): Promise<ChainTransaction | null> {
    if (!/^[0-9a-f]{64}$/.test(txid)) return null;
    const info = await this.info(txid);
    if (!info) return null;
    const tip = await this.tip();
    const block = await this.blockAt(BigInt(info.blockNumber));
    return {
      network: 'tron',
      txid,
      succeeded: succeeded(info),
      blockNumber: BigInt(info.blockNumber),
      blockHash: block.hash,
      blockTime: new Date(info.blockTimeStamp),
      confirmations: confirmationsAt(tip.height, BigInt(info.blockNumber)),
      transfers: this.transfersOf(info, block.hash, tip.height),
    };
  }

  /** TRC20 Transfer events in the executed transaction's logs; none when it failed. */
  private transfersOf(info: TransactionInfo, blockHash: string, tipHeight: bigint): ChainTransfer[] {
    if (!succeeded(info)) return [];
    return info.log.flatMap((log, index) => {
      const [topic, fromTopic, toTopic] = log.topics.map((t) => t.toLowerCase());
      if (log.topics.length !== 3 || topic !== TRANSFER_TOPIC || !fromTopic || !toTopic || log.data.length !== 64) return [];
      const contract = tronAddressFromHex(log.address.length === 40 ? `41${log.address}` : log.address);
      return [
        {
          network: 'tron' as const,
          txid: info.id,
          index,
          to: tronAddressFromHex(toTopic.slice(24)),
          from: tronAddressFromHex(fromTopic.slice(24)),
          asset: contract === this.usdt ? ('usdt' as const) : ('other' as const),
          contract,
          amount: BigInt(`0x${log.data}`),
          blockNumber: BigInt(info.blockNumber),
          blockHash,
          blockTime: new Date(info.blockTimeStamp),
          confirmations: confirmationsAt(tipHeight, BigInt(info.blockNumber)),
        },
      ];
    });
  }

  private async info(txid: string): Promise<TransactionInfo | null> {
    const body = await this.post('/wallet/gettransactioninfobyid', { value: txid });
    // The node answers {} for a transaction it has not executed in a block (unknown, pending, or dropped).
    if (typeof body === 'object' && body !== null && Object.keys(body).length === 0) return null;
    return this.parse(infoSchema, '/wallet/gettransactioninfobyid', body);
  }

  private async blockAt(height: bigint): Promise<{ hash: string; timestamp: number }> {
    const body = await this.post('/wallet/getblockbynum', { num: Number(height) });
    const block = this.parse(blockSchema, '/wallet/getblockbynum', body);
    return { hash: block.blockID, timestamp: block.block_header.raw_data.timestamp };
  }

  /** Transactions that paid TRC20 tokens to `address` since `minTimestamp`, oldest first. */
  private async listing(address: string, minTimestamp: number): Promise<string[]> {
    const txids: string[] = [];
    let fingerprint: string | undefined;
    for (let page = 0; page < this.maxPages; page += 1) {
      const query = new URLSearchParams({
        only_to: 'true',
        only_confirmed: 'true',
        limit: '200',
        order_by: 'block_timestamp,asc',
        min_timestamp: String(minTimestamp),
      });
      if (fingerprint) query.set('fingerprint', fingerprint);
      const path = `/v1/accounts/${encodeURIComponent(address)}/transactions/trc20?${query}`;
      const response = await chainRequest(this.http, path);
      if (response.status === 404) throw new ChainError('tron', 'provider_error', `${path}: HTTP 404`);
      const listing = this.parse(listingSchema, path, parseJson('tron', path, response.text));
      if (listing.success === false) throw new ChainError('tron', 'provider_error', `${path}: success false`);
      txids.push(...listing.data.map((item) => item.transaction_id));
      fingerprint = listing.meta?.fingerprint;
      if (!fingerprint) return txids;
    }
    throw new ChainError('tron', 'bad_response', `${address}: more than ${this.maxPages} pages of transfers`);
  }

  private async post(path: string, body: unknown): Promise<unknown> {
    const response = await chainRequest(this.http, path, { method: 'POST', body });
    if (response.status === 404) throw new ChainError('tron', 'provider_error', `${path}: HTTP 404`);
    const parsed = parseJson('tron', path, response.text);
    // java-tron reports a refused call as 200 with {"Error": "..."}.
    if (typeof parsed === 'object' && parsed !== null && 'Error' in parsed)
      throw new ChainError('tron', 'provider_error', `${path}: ${String((parsed as { Error: unknown }).Error)}`);
    return parsed;
  }

  private parse<T>(schema: z.ZodType<T>, path: string, body: unknown): T {
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw new ChainError('tron', 'bad_response', `${path}: unexpected shape`, { cause: parsed.error });
    return parsed.data;
  }
}

function succeeded(info: TransactionInfo): boolean {
  return info.result !== 'FAILED' && (info.receipt?.result ?? 'SUCCESS') === 'SUCCESS';
}
