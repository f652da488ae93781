import { tronAddressToHex } from '#server/providers/chains/derive';
import { startFakeHttp, type FakeHttp } from './fake-http';

/** A TRC20 transfer as the fake chain holds it; `height` absent while not yet in a block. */
export interface FakeTronTransfer {
  txid: string;
  contract: string;
  from: string;
  to: string;
  amount: bigint;
  height?: number;
  /** What the contract call did: REVERT moves nothing and logs nothing. */
  result?: 'SUCCESS' | 'REVERT';
}

export interface FakeTron extends FakeHttp {
  /** Block ids by height: the chain's length is the tip. Replace entries to play a reorganisation. */
  blocks: string[];
  transfers: FakeTronTransfer[];
  mine(count?: number): void;
}

export const tronBlockId = (height: number, fork = 0) => `${height.toString(16).padStart(16, '0')}${fork.toString(16).padStart(48, '0')}`;
const timestampOf = (height: number) => 1_780_000_000_000 + height * 3_000;
const TRANSFER_TOPIC = 'ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
const word = (tronAddress: string) => tronAddressToHex(tronAddress).slice(2).padStart(64, '0');

/**
 * Speaks the TRON HTTP API calls the client makes: POST /wallet/getnowblock, /wallet/getblockbynum
 * and /wallet/gettransactioninfobyid (with the Transfer event log as java-tron writes it: the
 * contract's 20-byte hex address, topics and data without 0x) and TronGrid's GET
 * /v1/accounts/:address/transactions/trc20, over a chain held in memory.
 */
export async function startFakeTron(): Promise<FakeTron> {
  // The routes read the chain from the returned object (`const` below: they run only once it is set), so a test changes it in place.
  const inChain = (t: FakeTronTransfer) => t.height !== undefined && t.height < fake.blocks.length;
  const block = (height: number) => ({
    blockID: fake.blocks[height],
    block_header: { raw_data: { number: height, timestamp: timestampOf(height) } },
  });
  const http = await startFakeHttp(({ method, path, body }) => {
    const args = (body ?? {}) as { num?: number; value?: string };
    if (method === 'POST' && path === '/wallet/getnowblock') return { status: 200, body: block(fake.blocks.length - 1) };
    if (method === 'POST' && path === '/wallet/getblockbynum')
      return { status: 200, body: args.num !== undefined && args.num < fake.blocks.length ? block(args.num) : {} };
    if (method === 'POST' && path === '/wallet/gettransactioninfobyid') {
      const t = fake.transfers.find((x) => x.txid === args.value && inChain(x));
      if (!t) return { status: 200, body: {} };
      const reverted = t.result === 'REVERT';
      return {
        status: 200,
        body: {
          id: t.txid,
          fee: 345_000,
          blockNumber: t.height,
          blockTimeStamp: timestampOf(t.height!),
          contractResult: [reverted ? '' : '0000000000000000000000000000000000000000000000000000000000000001'],
          contract_address: tronAddressToHex(t.contract),
          receipt: { energy_usage_total: 14_650, result: reverted ? 'REVERT' : 'SUCCESS' },
          ...(reverted
            ? { result: 'FAILED' }
            : {
                log: [
                  {
                    address: tronAddressToHex(t.contract).slice(2),
                    topics: [TRANSFER_TOPIC, word(t.from), word(t.to)],
                    data: t.amount.toString(16).padStart(64, '0'),
                  },
                ],
              }),
        },
      };
    }
    const listing = /^\/v1\/accounts\/([^/?]+)\/transactions\/trc20\?(.*)$/.exec(path);
    if (method === 'GET' && listing) {
      const query = new URLSearchParams(listing[2]);
      const since = Number(query.get('min_timestamp') ?? 0);
      const data = fake.transfers
        .filter((t) => t.to === listing[1] && inChain(t) && timestampOf(t.height!) >= since)
        .sort((a, b) => a.height! - b.height!)
        .map((t) => ({
          transaction_id: t.txid,
          token_info: { symbol: 'USDT', address: t.contract, decimals: 6, name: 'Tether USD' },
          block_timestamp: timestampOf(t.height!),
          from: t.from,
          to: t.to,
          type: 'Transfer',
          value: t.amount.toString(),
        }));
      return { status: 200, body: { data, success: true, meta: { at: Date.now(), page_size: data.length } } };
    }
    return { status: 404, body: 'not found' };
  });
  const fake: FakeTron = Object.assign(http, {
    blocks: [] as string[],
    transfers: [] as FakeTronTransfer[],
    mine(count = 1) {
      for (let i = 0; i < count; i += 1) fake.blocks.push(tronBlockId(fake.blocks.length));
    },
  });
  fake.mine(1000);
  return fake;
}
