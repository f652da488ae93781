import { startFakeHttp, type FakeHttp } from './fake-http';

/** A transaction as the fake chain holds it, in getTransaction's jsonParsed form less the slot. */
export interface FakeSolanaTx {
  signature: string;
  /** Absent until finalized in a block. */
  slot?: number;
  failed?: boolean;
  accountKeys: string[];
  instructions: unknown[];
  postTokenBalances?: { accountIndex: number; mint: string; owner: string; uiTokenAmount: { amount: string; decimals: number } }[];
}

export interface FakeSolana extends FakeHttp {
  /** Blockhashes by slot: the chain's length is the finalized tip. Replace entries to play a fork. */
  slots: string[];
  txs: FakeSolanaTx[];
  advance(count?: number): void;
}

export const slotHash = (slot: number, fork = 0) =>
  `${'1'.repeat(8)}${fork}${slot.toString().padStart(12, '1')}`.replace(/0/g, 'A').padEnd(44, 'B');

/** A System Program transfer of lamports, carrying Solana Pay reference keys as read-only accounts. */
export function solTransfer(
  signature: string,
  from: string,
  to: string,
  lamports: bigint | number,
  references: string[] = [],
): FakeSolanaTx {
  return {
    signature,
    accountKeys: [from, to, ...references, '11111111111111111111111111111111'],
    instructions: [
      {
        program: 'system',
        programId: '11111111111111111111111111111111',
        parsed: { type: 'transfer', info: { source: from, destination: to, lamports: Number(lamports) } },
        stackHeight: null,
      },
    ],
  };
}

/** An SPL Token transferChecked between two token accounts of `mint`, owned by `from` and `to`. */
export function splTransfer(
  signature: string,
  mint: string,
  from: string,
  to: string,
  amount: bigint,
  accounts: { source: string; destination: string },
  references: string[] = [],
): FakeSolanaTx {
  const keys = [from, accounts.source, accounts.destination, mint, ...references, 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'];
  return {
    signature,
    accountKeys: keys,
    instructions: [
      {
        program: 'spl-token',
        programId: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
        parsed: {
          type: 'transferChecked',
          info: {
            source: accounts.source,
            destination: accounts.destination,
            mint,
            authority: from,
            tokenAmount: { amount: amount.toString(), decimals: 6, uiAmountString: '' },
          },
        },
        stackHeight: null,
      },
    ],
    postTokenBalances: [
      { accountIndex: 1, mint, owner: from, uiTokenAmount: { amount: '0', decimals: 6 } },
      { accountIndex: 2, mint, owner: to, uiTokenAmount: { amount: amount.toString(), decimals: 6 } },
    ],
  };
}

/**
 * Speaks the Solana JSON-RPC methods the client calls (getSlot, getBlock,
 * getSignaturesForAddress, getTransaction), answering as a node does at `finalized` commitment
 * over a chain held in memory.
 */
export async function startFakeSolana(): Promise<FakeSolana> {
  // The routes read the chain from the returned object (`const` below: they run only once it is set), so a test changes it in place.
  const finalized = (tx: FakeSolanaTx) => tx.slot !== undefined && tx.slot < fake.slots.length;
  const rpc = (method: string, params: unknown[]): { result?: unknown; error?: { code: number; message: string } } => {
    switch (method) {
      case 'getSlot':
        return { result: fake.slots.length - 1 };
      case 'getBlock': {
        const slot = params[0] as number;
        if (slot >= fake.slots.length) return { error: { code: -32004, message: `Block not available for slot ${slot}` } };
        return {
          result: {
            blockhash: fake.slots[slot],
            previousBlockhash: fake.slots[slot - 1] ?? fake.slots[0],
            parentSlot: Math.max(0, slot - 1),
            blockHeight: slot,
            blockTime: 1_780_000_000 + slot,
          },
        };
      }
      case 'getSignaturesForAddress': {
        const [key, options] = params as [string, { limit?: number; before?: string }];
        const mine = fake.txs.filter((tx) => finalized(tx) && tx.accountKeys.includes(key)).sort((a, b) => b.slot! - a.slot!);
        const from = options.before ? mine.findIndex((tx) => tx.signature === options.before) + 1 : 0;
        return {
          result: mine.slice(from, from + (options.limit ?? 1000)).map((tx) => ({
            signature: tx.signature,
            slot: tx.slot,
            err: tx.failed ? { InstructionError: [0, { Custom: 1 }] } : null,
            memo: null,
            blockTime: 1_780_000_000 + tx.slot!,
            confirmationStatus: 'finalized',
          })),
        };
      }
      case 'getTransaction': {
        const tx = fake.txs.find((t) => t.signature === params[0] && finalized(t));
        if (!tx) return { result: null };
        return {
          result: {
            slot: tx.slot,
            blockTime: 1_780_000_000 + tx.slot!,
            version: 0,
            meta: {
              err: tx.failed ? { InstructionError: [0, { Custom: 1 }] } : null,
              fee: 5000,
              preBalances: [],
              postBalances: [],
              innerInstructions: [],
              preTokenBalances: [],
              postTokenBalances: tx.postTokenBalances ?? [],
              logMessages: [],
            },
            transaction: {
              signatures: [tx.signature],
              message: {
                accountKeys: tx.accountKeys.map((pubkey, i) => ({ pubkey, signer: i === 0, writable: i < 3, source: 'transaction' })),
                instructions: tx.instructions,
                recentBlockhash: fake.slots[0],
              },
            },
          },
        };
      }
      default:
        return { error: { code: -32601, message: 'Method not found' } };
    }
  };
  const http = await startFakeHttp(({ body }) => {
    const call = body as { id: unknown; method: string; params?: unknown[] };
    return { status: 200, body: { jsonrpc: '2.0', id: call.id, ...rpc(call.method, call.params ?? []) } };
  });
  const fake: FakeSolana = Object.assign(http, {
    slots: [] as string[],
    txs: [] as FakeSolanaTx[],
    advance(count = 1) {
      for (let i = 0; i < count; i += 1) fake.slots.push(slotHash(fake.slots.length));
    },
  });
  fake.advance(500);
  return fake;
}
