import { address, createSolanaRpc, isSolanaError, SOLANA_ERROR__RPC__TRANSPORT_HTTP_ERROR, signature, type Signature } from '@solana/kit';
import { z } from 'zod';
import { isTimeout } from './http';
import { isSolanaAddress } from './solana-pay';
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
 * Solana through its JSON-RPC API with @solana/kit, at `finalized` commitment only (a finalized
 * block is not rolled back): getSignaturesForAddress on each watched key (a Solana Pay reference,
 * or an address), getTransaction (jsonParsed) for what moved. SOL transfers are System Program
 * transfers, in lamports; token transfers are SPL Token transfer / transferChecked, credited to
 * the owner of the destination token account. Only the configured mint's tokens are `usdt`.
 */
export interface SolanaOptions {
  rpcUrl: string;
  /** USDT's mint: Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB on mainnet. */
  usdtMint?: string;
  timeoutMs?: number;
  /** Pages of 1,000 signatures read per key and scan, at most. */
  maxPages?: number;
}

export const SOLANA_USDT_MINT = 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB';
const PAGE = 1000;

const integer = z.union([z.bigint(), z.number().int()]).transform((v) => BigInt(v));
const amountText = z
  .string()
  .regex(/^\d+$/)
  .transform((v) => BigInt(v));
const parsedInstruction = z.object({
  program: z.string().optional(),
  parsed: z.unknown().optional(),
});
const tokenBalance = z.object({
  accountIndex: z.union([z.number(), z.bigint()]).transform(Number),
  mint: z.string(),
  owner: z.string().optional(),
});
const transactionSchema = z.object({
  slot: integer,
  blockTime: integer.nullable(),
  meta: z
    .object({
      err: z.unknown().nullable(),
      postTokenBalances: z.array(tokenBalance).nullish(),
      preTokenBalances: z.array(tokenBalance).nullish(),
      innerInstructions: z
        .array(z.object({ index: z.union([z.number(), z.bigint()]).transform(Number), instructions: z.array(parsedInstruction) }))
        .nullish(),
    })
    .nullable(),
  transaction: z.object({
    signatures: z.array(z.string()),
    message: z.object({
      accountKeys: z.array(
        z.union([z.string(), z.object({ pubkey: z.string() })]).transform((k) => (typeof k === 'string' ? k : k.pubkey)),
      ),
      instructions: z.array(parsedInstruction),
    }),
  }),
});
type SolanaTransaction = z.infer<typeof transactionSchema>;

const systemTransfer = z.object({
  type: z.enum(['transfer', 'transferWithSeed']),
  info: z.object({ source: z.string(), destination: z.string(), lamports: integer }),
});
const tokenTransfer = z.object({
  type: z.enum(['transfer', 'transferChecked']),
  info: z.object({
    source: z.string(),
    destination: z.string(),
    authority: z.string().optional(),
    multisigAuthority: z.string().optional(),
    mint: z.string().optional(),
    amount: amountText.optional(),
    tokenAmount: z.object({ amount: amountText }).optional(),
  }),
});

export class SolanaWatcher implements ChainWatcher {
  readonly network = 'solana' as const;
  private readonly rpc: ReturnType<typeof createSolanaRpc>;
  private readonly usdtMint: string;
  private readonly timeoutMs: number;
  private readonly maxPages: number;

  constructor(options: SolanaOptions) {
    this.rpc = createSolanaRpc(options.rpcUrl);
    this.usdtMint = options.usdtMint ?? SOLANA_USDT_MINT;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_CHAIN_TIMEOUT_MS;
    this.maxPages = options.maxPages ?? 10;
  }

  async tip(): Promise<ChainTip> {
    const slot = await this.send(this.rpc.getSlot({ commitment: 'finalized' }));
    return { height: slot, hash: await this.blockhash(slot) };
  }

  async transfersTo(addresses: readonly string[], sinceHeight: bigint): Promise<TransferScan> {
    const tip = await this.tip();
    const transfers: ChainTransfer[] = [];
    const seen = new Set<string>();
    const hashes = new Map<bigint, string>([[tip.height, tip.hash]]);
    for (const key of new Set(addresses)) {
      if (!isSolanaAddress(key)) throw new ChainError('solana', 'provider_error', `not a Solana address: ${key}`);
      for (const sig of await this.signatures(key, sinceHeight)) {
        const tx = await this.fetchTransaction(sig);
        if (!tx || tx.meta?.err !== null || tx.slot < sinceHeight) continue;
        if (!hashes.has(tx.slot)) hashes.set(tx.slot, await this.blockhash(tx.slot));
        const all = this.transfersOf(tx, hashes.get(tx.slot)!, tip.height);
        const paidToKey = all.filter((t) => t.to === key);
        // A key no transfer pays is a Solana Pay reference: the transaction carries it, and its transfers are the payment.
        const found =
          paidToKey.length > 0
            ? paidToKey
            : tx.transaction.message.accountKeys.includes(key)
              ? all.map((t) => ({ ...t, reference: key }))
              : [];
        for (const transfer of found) {
          const id = `${transfer.txid}:${transfer.index}`;
          if (seen.has(id)) continue;
          seen.add(id);
          transfers.push(transfer);
        }
      }
    }
    return { tip, scannedTo: tip.height, transfers };
  }

  async transaction(txid: string): Promise<ChainTransaction | null> {
    let sig: Signature;
    try {
      sig = signature(txid);
    } catch {
      return null;
    }
    const tx = await this.fetchTransaction(sig);
    if (!tx) return null;
    const tip = await this.tip();
    const blockHash = await this.blockhash(tx.slot);
    const succeeded = tx.meta?.err === null;
    return {
      network: 'solana',
      txid,
      succeeded,
      blockNumber: tx.slot,
      blockHash,
      blockTime: tx.blockTime === null ? null : new Date(Number(tx.blockTime) * 1000),
      confirmations: confirmationsAt(tip.height, tx.slot),
      transfers: succeeded ? this.transfersOf(tx, blockHash, tip.height) : [],
    };
  }

  private transfersOf(tx: SolanaTransaction, blockHash: string, tipSlot: bigint): ChainTransfer[] {
    const keys = tx.transaction.message.accountKeys;
    const owners = new Map<string, { owner?: string; mint: string }>();
    for (const balance of [...(tx.meta?.preTokenBalances ?? []), ...(tx.meta?.postTokenBalances ?? [])]) {
      const account = keys[balance.accountIndex];
      if (account) owners.set(account, { owner: balance.owner, mint: balance.mint });
    }
    const base = {
      network: 'solana' as const,
      txid: tx.transaction.signatures[0]!,
      blockNumber: tx.slot,
      blockHash,
      blockTime: tx.blockTime === null ? null : new Date(Number(tx.blockTime) * 1000),
      confirmations: confirmationsAt(tipSlot, tx.slot),
    };
    // Outer instruction i at i * 256, its inner ones (a program's own transfers) after it.
    const instructions: { index: number; instruction: z.infer<typeof parsedInstruction> }[] = tx.transaction.message.instructions.map(
      (instruction, i) => ({ index: i * 256, instruction }),
    );
    for (const inner of tx.meta?.innerInstructions ?? [])
      inner.instructions.forEach((instruction, j) => instructions.push({ index: inner.index * 256 + j + 1, instruction }));
    const transfers: ChainTransfer[] = [];
    for (const { index, instruction } of instructions.sort((a, b) => a.index - b.index)) {
      if (instruction.program === 'system') {
        const parsed = systemTransfer.safeParse(instruction.parsed);
        if (parsed.success)
          transfers.push({
            ...base,
            index,
            to: parsed.data.info.destination,
            from: parsed.data.info.source,
            asset: 'sol',
            contract: null,
            amount: parsed.data.info.lamports,
          });
      } else if (instruction.program === 'spl-token') {
        const parsed = tokenTransfer.safeParse(instruction.parsed);
        if (!parsed.success) continue;
        const info = parsed.data.info;
        const destination = owners.get(info.destination);
        const mint = info.mint ?? destination?.mint;
        const amount = info.tokenAmount?.amount ?? info.amount;
        // Without the destination account's owner and mint the credit cannot be placed: it is not ours to count.
        if (!destination?.owner || !mint || amount === undefined) continue;
        transfers.push({
          ...base,
          index,
          to: destination.owner,
          from: owners.get(info.source)?.owner ?? info.authority ?? info.multisigAuthority ?? null,
          asset: mint === this.usdtMint ? 'usdt' : 'other',
          contract: mint,
          amount,
        });
      }
    }
    return transfers;
  }

  /** Successful and failed signatures touching `key` from `sinceSlot` on, newest first. */
  private async signatures(key: string, sinceSlot: bigint): Promise<Signature[]> {
    const found: Signature[] = [];
    let before: Signature | undefined;
    for (let page = 0; page < this.maxPages; page += 1) {
      const batch = await this.send(
        this.rpc.getSignaturesForAddress(address(key), { commitment: 'finalized', limit: PAGE, ...(before ? { before } : {}) }),
      );
      for (const entry of batch) {
        if (entry.slot < sinceSlot) return found;
        if (entry.err === null) found.push(entry.signature);
      }
      if (batch.length < PAGE) return found;
      before = batch.at(-1)!.signature;
    }
    throw new ChainError('solana', 'bad_response', `${key}: more than ${this.maxPages * PAGE} signatures since slot ${sinceSlot}`);
  }

  private async fetchTransaction(sig: Signature): Promise<SolanaTransaction | null> {
    const result: unknown = await this.send(
      this.rpc.getTransaction(sig, { commitment: 'finalized', maxSupportedTransactionVersion: 0, encoding: 'jsonParsed' }),
    );
    if (result === null) return null;
    const parsed = transactionSchema.safeParse(result);
    if (!parsed.success) throw new ChainError('solana', 'bad_response', 'getTransaction: unexpected shape', { cause: parsed.error });
    return parsed.data;
  }

  private async blockhash(slot: bigint): Promise<string> {
    const block = await this.send(
      this.rpc.getBlock(slot, { commitment: 'finalized', transactionDetails: 'none', rewards: false, maxSupportedTransactionVersion: 0 }),
    );
    if (!block) throw new ChainError('solana', 'bad_response', `no block at finalized slot ${slot}`);
    return block.blockhash;
  }

  private async send<T>(request: { send(options?: { abortSignal?: AbortSignal }): Promise<T> }): Promise<T> {
    try {
      return await request.send({ abortSignal: AbortSignal.timeout(this.timeoutMs) });
    } catch (error) {
      throw solanaChainError(error, this.timeoutMs);
    }
  }
}

function solanaChainError(error: unknown, timeoutMs: number): ChainError {
  if (error instanceof ChainError) return error;
  if (isTimeout(error)) return new ChainError('solana', 'timeout', `no answer within ${timeoutMs} ms`, { cause: error });
  if (isSolanaError(error, SOLANA_ERROR__RPC__TRANSPORT_HTTP_ERROR)) {
    const status = error.context.statusCode;
    return new ChainError('solana', status >= 500 || status === 429 ? 'unavailable' : 'provider_error', `HTTP ${status}`, { cause: error });
  }
  if (isSolanaError(error)) return new ChainError('solana', 'provider_error', error.message, { cause: error });
  if (error instanceof SyntaxError) return new ChainError('solana', 'bad_response', 'not JSON', { cause: error });
  return new ChainError('solana', 'unavailable', (error as Error)?.message ?? String(error), { cause: error });
}
