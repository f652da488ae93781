import { startFakeHttp, type FakeHttp } from './fake-http';

/** A transaction as the fake chain holds it: its outputs and the block it is in (none: mempool). */
export interface FakeBitcoinTx {
  txid: string;
  from: string;
  outputs: { address: string; value: number }[];
  /** The height of its block; absent while in the mempool. */
  height?: number;
}

export interface FakeEsplora extends FakeHttp {
  /** Block hashes by height: the chain's length is the tip. Replace entries to play a reorganisation. */
  blocks: string[];
  txs: FakeBitcoinTx[];
  mine(count?: number): void;
}

const hashOf = (height: number, fork = 0) => `${fork.toString(16).padStart(8, '0')}${height.toString(16).padStart(56, '0')}`;

/**
 * Speaks Esplora's REST API for the calls the client makes (GET /blocks/tip/height,
 * /blocks/tip/hash, /address/:a/txs, /address/:a/txs/chain/:last, /tx/:txid) over a chain held
 * in memory, with Esplora's paging: the mempool's, then 25 confirmed per page, newest first.
 */
export async function startFakeEsplora(): Promise<FakeEsplora> {
  // The routes read the chain from the returned object (`const` below: they run only once it is set), so a test changes it in place.
  const json = (tx: FakeBitcoinTx) => ({
    txid: tx.txid,
    version: 2,
    vin: [{ txid: 'ff'.repeat(32), vout: 0, prevout: { scriptpubkey_address: tx.from, value: 1e8 } }],
    vout: [
      ...tx.outputs.map((o) => ({ scriptpubkey_address: o.address, scriptpubkey_type: 'v0_p2wpkh', value: o.value })),
      { scriptpubkey_type: 'op_return', value: 0 },
    ],
    status:
      tx.height === undefined || state.blocks[tx.height] === undefined
        ? { confirmed: false }
        : { confirmed: true, block_height: tx.height, block_hash: state.blocks[tx.height], block_time: 1_780_000_000 + tx.height * 600 },
  });
  const confirmed = (tx: FakeBitcoinTx) => tx.height !== undefined && state.blocks[tx.height] !== undefined;
  const http = await startFakeHttp(({ path }) => {
    if (path === '/blocks/tip/height') return { status: 200, body: String(state.blocks.length - 1) };
    if (path === '/blocks/tip/hash') return { status: 200, body: state.blocks.at(-1)! };
    const tx = /^\/tx\/([0-9a-f]{64})$/.exec(path);
    if (tx) {
      const found = state.txs.find((t) => t.txid === tx[1]);
      return found ? { status: 200, body: json(found) } : { status: 404, body: 'Transaction not found' };
    }
    const history = /^\/address\/([^/]+)\/txs(?:\/chain\/([0-9a-f]{64}))?$/.exec(path);
    if (history) {
      const mine = state.txs.filter((t) => t.outputs.some((o) => o.address === history[1]) || t.from === history[1]);
      const chain = mine.filter(confirmed).sort((a, b) => b.height! - a.height!);
      if (history[2]) {
        const at = chain.findIndex((t) => t.txid === history[2]);
        return { status: 200, body: chain.slice(at + 1, at + 26).map(json) };
      }
      return { status: 200, body: [...mine.filter((t) => !confirmed(t)).map(json), ...chain.slice(0, 25).map(json)] };
    }
    return { status: 404, body: 'not found' };
  });
  const state: FakeEsplora = Object.assign(http, {
    blocks: [] as string[],
    txs: [] as FakeBitcoinTx[],
    mine(count = 1) {
      for (let i = 0; i < count; i += 1) state.blocks.push(hashOf(state.blocks.length));
    },
  });
  state.mine(100);
  return state;
}

export const forkHash = hashOf;
