import { z } from 'zod';
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
 * Bitcoin through Esplora's REST API (the API of blockstream's and mempool.space's explorers, and
 * of any self-hosted electrs): GET /blocks/tip/height and /blocks/tip/hash, /address/:a/txs (the
 * mempool's and the newest 25 confirmed) then /address/:a/txs/chain/:last_txid page by page, and
 * /tx/:txid. Amounts are satoshis.
 */
export interface EsploraOptions {
  baseUrl: string;
  timeoutMs?: number;
  /** Pages of 25 confirmed transactions read per address and scan, at most. */
  maxPages?: number;
}

const txSchema = z.object({
  txid: z.string().regex(/^[0-9a-f]{64}$/),
  vin: z.array(z.object({ prevout: z.object({ scriptpubkey_address: z.string().optional() }).nullish() })),
  vout: z.array(z.object({ scriptpubkey_address: z.string().optional(), value: z.number().int().nonnegative() })),
  status: z.object({
    confirmed: z.boolean(),
    block_height: z.number().int().nonnegative().optional(),
    block_hash: z.string().optional(),
    block_time: z.number().int().optional(),
  }),
});
type EsploraTx = z.infer<typeof txSchema>;

export class EsploraWatcher implements ChainWatcher {
  readonly network = 'bitcoin' as const;
  private readonly http: ChainHttpOptions;
  private readonly maxPages: number;

  constructor(options: EsploraOptions) {
    this.http = { network: 'bitcoin', baseUrl: options.baseUrl, timeoutMs: options.timeoutMs ?? DEFAULT_CHAIN_TIMEOUT_MS };
    this.maxPages = options.maxPages ?? 40;
  }

  async tip(): Promise<ChainTip> {
    const height = (await this.text('/blocks/tip/height')).trim();
    const hash = (await this.text('/blocks/tip/hash')).trim();
    if (!/^\d+$/.test(height) || !/^[0-9a-f]{64}$/.test(hash))
      throw new ChainError('bitcoin', 'bad_response', 'tip: not a height and a block hash');
    return { height: BigInt(height), hash };
  }

  async transfersTo(addresses: readonly string[], sinceHeight: bigint): Promise<TransferScan> {
    const tip = await this.tip();
    const watched = new Set(addresses);
    const transfers: ChainTransfer[] = [];
    const seen = new Set<string>();
    for (const address of watched) {
      for (const tx of await this.history(address, sinceHeight)) {
        for (const transfer of this.transfersOf(tx, tip.height)) {
          const key = `${transfer.txid}:${transfer.index}`;
          if (!watched.has(transfer.to) || seen.has(key)) continue;
          if (transfer.blockNumber !== null && transfer.blockNumber < sinceHeight) continue;
          seen.add(key);
          transfers.push(transfer);
        }
      }
    }
    return { tip, scannedTo: tip.height, transfers };
  }

  async transaction(txid: string): Promise<ChainTransaction | null> {
    if (!/^[0-9a-f]{64}$/.test(txid)) return null;
    const response = await chainRequest(this.http, `/tx/${txid}`);
    if (response.status === 404) return null;
    const tx = this.parse(txSchema, `/tx/${txid}`, response.text);
    const tip = await this.tip();
    const status = tx.status;
    const blockNumber = status.confirmed && status.block_height !== undefined ? BigInt(status.block_height) : null;
    return {
      network: 'bitcoin',
      txid,
      succeeded: true,
      blockNumber,
      blockHash: status.confirmed ? (status.block_hash ?? null) : null,
      blockTime: status.confirmed && status.block_time !== undefined ? new Date(status.block_time * 1000) : null,
      confirmations: confirmationsAt(tip.height, blockNumber),
      transfers: this.transfersOf(tx, tip.height),
    };
  }

  /** The address's transactions: the unconfirmed ones, then confirmed ones newest first until one below `sinceHeight`. */
  private async history(address: string, sinceHeight: bigint): Promise<EsploraTx[]> {
    const path = `/address/${encodeURIComponent(address)}/txs`;
    const all: EsploraTx[] = [];
    let page = this.parse(z.array(txSchema), path, (await this.ok(path)).text);
    for (let pages = 0; ; pages += 1) {
      all.push(...page);
      const confirmed = page.filter((tx) => tx.status.confirmed);
      const last = confirmed.at(-1);
      // A full page of 25 confirmed ones may have more behind it; stop once below the scan's start.
      if (!last || confirmed.length < 25 || BigInt(last.status.block_height ?? 0) < sinceHeight) break;
      if (pages + 1 >= this.maxPages)
        throw new ChainError('bitcoin', 'bad_response', `${address}: more than ${this.maxPages} pages of history since ${sinceHeight}`);
      const next = `${path}/chain/${last.txid}`;
      page = this.parse(z.array(txSchema), next, (await this.ok(next)).text);
    }
    return all;
  }

  private transfersOf(tx: EsploraTx, tipHeight: bigint): ChainTransfer[] {
    const confirmed = tx.status.confirmed && tx.status.block_height !== undefined;
    const blockNumber = confirmed ? BigInt(tx.status.block_height!) : null;
    const from = tx.vin[0]?.prevout?.scriptpubkey_address ?? null;
    return tx.vout.flatMap((output, index) =>
      output.scriptpubkey_address === undefined
        ? []
        : [
            {
              network: 'bitcoin' as const,
              txid: tx.txid,
              index,
              to: output.scriptpubkey_address,
              from,
              asset: 'btc' as const,
              contract: null,
              amount: BigInt(output.value),
              blockNumber,
              blockHash: confirmed ? (tx.status.block_hash ?? null) : null,
              blockTime: confirmed && tx.status.block_time !== undefined ? new Date(tx.status.block_time * 1000) : null,
              confirmations: confirmationsAt(tipHeight, blockNumber),
            },
          ],
    );
  }

  private async ok(path: string) {
    const response = await chainRequest(this.http, path);
    if (response.status === 404) throw new ChainError('bitcoin', 'provider_error', `${path}: HTTP 404`);
    return response;
  }

  private async text(path: string): Promise<string> {
    return (await this.ok(path)).text;
  }

  private parse<T>(schema: z.ZodType<T>, path: string, text: string): T {
    const parsed = schema.safeParse(parseJson('bitcoin', path, text));
    if (!parsed.success) throw new ChainError('bitcoin', 'bad_response', `${path}: unexpected shape`, { cause: parsed.error });
    return parsed.data;
  }
}
