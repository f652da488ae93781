import { createHash, randomBytes } from 'node:crypto';
import { base58, bech32 } from '@scure/base';
import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { sandboxChainTips, sandboxChainTransfers } from '#server/db/schema/sandbox-chain';
import { systemClock, type Clock } from '#server/lib/clock';
import type { BitcoinNetwork } from './derive';
import { checksumEvmAddress, isTronAddress, tronAddressFromHex } from './derive';
import { isSolanaAddress } from './solana-pay';
import {
  CHAIN_NETWORKS,
  ChainError,
  confirmationsAt,
  type ChainAsset,
  type ChainErrorKind,
  type ChainNetwork,
  type ChainTip,
  type ChainTransaction,
  type ChainTransfer,
  type ChainWatcher,
  type TransferScan,
} from './types';

/**
 * The sandbox chain (docs/crypto-settlement.md, "The sandbox chain"): Bitcoin, BSC, TRON and
 * Solana played offline for `npm start` and the tests, kept in PostgreSQL (migration 0056) so
 * that every instance sees one chain. Blocks are mined as time passes, one per `blockMs`; a
 * transfer sent now is mined in the next block and its confirmations rise from there. Its
 * watchers answer in the shapes the real ones give (types.ts): the same txid, address, index and
 * asset forms, Bitcoin's unconfirmed payments visible at 0 confirmations and the other chains'
 * only once mined, a token from any contract but the configured one as `other`, a dropped
 * transaction unknown to `transaction()`. Never in production: config.ts refuses it.
 */

export interface SandboxChainOptions {
  /** One block per this many milliseconds (SANDBOX_CHAIN_BLOCK_MS). */
  blockMs: number;
  bitcoinNetwork: BitcoinNetwork;
  /** The USDT contracts and mint the real watchers would be configured with. */
  bscUsdtContract: string;
  tronUsdtContract: string;
  solanaUsdtMint: string;
  /** The company's Solana address that Solana Pay transfers pay (CRYPTO_SOLANA_RECIPIENT). */
  solanaRecipient: string;
}

/** What "sending" takes: to an address (Solana: a reference key, or the recipient itself), an asset, an amount in base units. */
export interface SandboxSendRequest {
  network: ChainNetwork;
  to: string;
  asset: ChainAsset;
  amountBase: bigint;
  /** `other` only: the look-alike token's contract or mint (a made-up one when absent). */
  contract?: string;
}

export interface SandboxSent {
  network: ChainNetwork;
  txid: string;
  index: number;
  to: string;
  reference: string | null;
  asset: ChainAsset;
  contract: string | null;
  amountBase: bigint;
  /** The block it is mined in: the next one. */
  blockNumber: bigint;
}

export class SandboxChainError extends Error {
  override name = 'SandboxChainError';
}

/** Base-unit decimals of each asset per network; a look-alike token has its network's USDT decimals. */
export function assetDecimals(network: ChainNetwork, asset: ChainAsset): number {
  if (asset === 'btc') return 8;
  if (asset === 'bnb') return 18;
  if (asset === 'sol') return 9;
  return network === 'bsc' ? 18 : 6;
}

/** The assets each network's watcher reports (TRON's watcher reads TRC20 tokens only). */
export const SANDBOX_ASSETS: Record<ChainNetwork, readonly ChainAsset[]> = {
  bitcoin: ['btc'],
  bsc: ['bnb', 'usdt', 'other'],
  tron: ['usdt', 'other'],
  solana: ['sol', 'usdt', 'other'],
};

const MAX_UINT256 = 2n ** 256n - 1n;

/** A coin amount written in decimal ("25", "0.001") → base units, exactly; refuses more decimals than the asset has. */
export function toBaseUnits(amount: string, decimals: number): bigint {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(amount.trim());
  if (!match) throw new SandboxChainError(`amount must be a plain decimal number: ${amount}`);
  const fraction = match[2] ?? '';
  if (fraction.length > decimals) throw new SandboxChainError(`amount has more than ${decimals} decimals`);
  return BigInt(match[1]!) * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0') || '0');
}

/** Base units → the coin's decimal form ("25.5"), for listings. */
export function fromBaseUnits(amount: bigint, decimals: number): string {
  const text = amount.toString().padStart(decimals + 1, '0');
  const whole = text.slice(0, text.length - decimals);
  const fraction = text.slice(text.length - decimals).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
}

const digest = (label: string) => createHash('sha256').update(label).digest();

/** Made-up but well-formed addresses: who "pays" in the sandbox, and the look-alike tokens' contracts. */
function sandboxAddress(network: ChainNetwork, label: string, bitcoinNetwork: BitcoinNetwork): string {
  const bytes = digest(`wise sandbox chain: ${label}`);
  switch (network) {
    case 'bitcoin': {
      const prefix = { mainnet: 'bc', testnet: 'tb', regtest: 'bcrt' }[bitcoinNetwork];
      return bech32.encode(prefix, [0, ...bech32.toWords(bytes.subarray(0, 20))]);
    }
    case 'bsc':
      return checksumEvmAddress(bytes.subarray(0, 20).toString('hex'));
    case 'tron':
      return tronAddressFromHex(`41${bytes.subarray(0, 20).toString('hex')}`);
    case 'solana':
      return base58.encode(bytes);
  }
}

/** The contract or mint a look-alike "USDT" comes from when the sender names none. */
export const sandboxLookAlikeContract = (network: ChainNetwork): string | null =>
  network === 'bitcoin' ? null : sandboxAddress(network, 'look-alike USDT', 'mainnet');

function newTxid(network: ChainNetwork): string {
  if (network === 'solana') return base58.encode(randomBytes(64));
  const hex = randomBytes(32).toString('hex');
  return network === 'bsc' ? `0x${hex}` : hex;
}

const TXID_FORMS: Record<ChainNetwork, RegExp> = {
  bitcoin: /^[0-9a-f]{64}$/,
  bsc: /^0x[0-9a-fA-F]{64}$/,
  tron: /^[0-9a-f]{64}$/,
  solana: /^[1-9A-HJ-NP-Za-km-z]{64,88}$/,
};

/** The network a transaction id's form belongs to; Bitcoin and TRON ids look alike, so both are asked. */
export function networksOfTxid(txid: string): ChainNetwork[] {
  return CHAIN_NETWORKS.filter((network) => TXID_FORMS[network].test(txid));
}

function blockHash(network: ChainNetwork, height: bigint, salt: string): string {
  const hash = digest(`${salt}:${network}:${height}`);
  switch (network) {
    case 'bitcoin':
      // Proof of work shows as leading zeros.
      return `00000000${hash.toString('hex').slice(8)}`;
    case 'bsc':
      return `0x${hash.toString('hex')}`;
    case 'tron':
      // A TRON block id starts with its height.
      return `${height.toString(16).padStart(16, '0')}${hash.toString('hex').slice(16)}`;
    case 'solana':
      return base58.encode(hash);
  }
}

function validRecipient(network: ChainNetwork, to: string): boolean {
  switch (network) {
    case 'bitcoin':
      return /^(bc1|tb1|bcrt1)[02-9ac-hj-np-z]{20,90}$/.test(to);
    case 'bsc':
      return /^0x[0-9a-fA-F]{40}$/.test(to);
    case 'tron':
      return isTronAddress(to);
    case 'solana':
      return isSolanaAddress(to);
  }
}

interface Tip {
  height: bigint;
  minedAt: Date;
  salt: string;
  outage: ChainErrorKind | null;
}

type TransferRow = typeof sandboxChainTransfers.$inferSelect;

/** One sandbox chain on one database: its tips, what was sent, and a watcher per network. */
export class SandboxChain {
  constructor(
    private readonly db: Db,
    readonly options: SandboxChainOptions,
    private readonly clock: Clock = systemClock,
  ) {
    if (!Number.isInteger(options.blockMs) || options.blockMs < 1)
      throw new RangeError(`blockMs must be a positive integer: ${options.blockMs}`);
  }

  watcher(network: ChainNetwork): ChainWatcher {
    return new SandboxWatcher(this, network);
  }

  /**
   * The network's tip now: the blocks due since the last one are mined first, in one statement,
   * so that instances reading at once agree (the row's lock orders them).
   */
  async tip(network: ChainNetwork): Promise<Tip> {
    const now = this.clock.now();
    const ms = this.options.blockMs;
    const result = (await this.db.execute(sql`
      INSERT INTO sandbox_chain_tips AS t (network, height, mined_at, salt)
      VALUES (${network}, 0, ${now}, ${randomBytes(16).toString('hex')})
      ON CONFLICT (network) DO UPDATE SET
        height = t.height + floor(extract(epoch FROM (${now}::timestamptz - t.mined_at)) * 1000 / ${ms})::bigint,
        mined_at = t.mined_at + floor(extract(epoch FROM (${now}::timestamptz - t.mined_at)) * 1000 / ${ms}) * ${ms} * interval '1 millisecond'
      WHERE ${now}::timestamptz >= t.mined_at + ${ms} * interval '1 millisecond'
      RETURNING height::text AS height, mined_at, salt, outage`)) as unknown as { rows: RawTip[] };
    const row = result.rows[0] ?? (await this.readTip(network));
    return {
      height: BigInt(row.height),
      minedAt: new Date(row.mined_at),
      salt: row.salt,
      outage: row.outage,
    };
  }

  private async readTip(network: ChainNetwork): Promise<RawTip> {
    const result = (await this.db.execute(
      sql`SELECT height::text AS height, mined_at, salt, outage FROM sandbox_chain_tips WHERE network = ${network}`,
    )) as unknown as { rows: RawTip[] };
    const row = result.rows[0];
    if (!row) throw new Error(`sandbox chain: no tip for ${network}`);
    return row;
  }

  /** Records a payment, mined in the next block. */
  async send(request: SandboxSendRequest): Promise<SandboxSent> {
    const { network, asset } = request;
    if (!SANDBOX_ASSETS[network].includes(asset))
      throw new SandboxChainError(`${network} carries ${SANDBOX_ASSETS[network].join(', ')}, not ${asset}`);
    if (request.amountBase <= 0n || request.amountBase > MAX_UINT256) throw new SandboxChainError('amount must be above zero');
    const to = request.to.trim();
    if (!validRecipient(network, to)) throw new SandboxChainError(`not a ${network} address: ${to}`);
    const contract = this.contractOf(network, asset, request.contract);
    // Solana Pay: the payment goes to the company's address and carries the customer's reference key.
    const solanaReference = network === 'solana' && to !== this.options.solanaRecipient ? to : null;
    const recipient = network === 'solana' ? this.options.solanaRecipient : network === 'bsc' ? checksumEvmAddress(to) : to;
    const index = network === 'bsc' && asset === 'bnb' ? -1 : 0;
    const tip = await this.tip(network);
    const txid = newTxid(network);
    await this.db.insert(sandboxChainTransfers).values({
      network,
      txid,
      outputIndex: index,
      toAddress: recipient,
      reference: solanaReference,
      fromAddress: sandboxAddress(network, 'sender', this.options.bitcoinNetwork),
      asset,
      contract,
      amountBase: request.amountBase.toString(),
      blockNumber: tip.height + 1n,
      sentAt: this.clock.now(),
    });
    return {
      network,
      txid,
      index,
      to: recipient,
      reference: solanaReference,
      asset,
      contract,
      amountBase: request.amountBase,
      blockNumber: tip.height + 1n,
    };
  }

  private contractOf(network: ChainNetwork, asset: ChainAsset, given: string | undefined): string | null {
    if (asset === 'btc' || asset === 'bnb' || asset === 'sol') {
      if (given) throw new SandboxChainError(`${asset} is the chain's own coin: it has no contract`);
      return null;
    }
    const usdt = this.usdtContract(network)!;
    if (asset === 'usdt') {
      if (given && !sameContract(network, given, usdt))
        throw new SandboxChainError('usdt comes from the configured contract: send asset other for another token');
      return usdt;
    }
    const contract = given?.trim() || sandboxLookAlikeContract(network)!;
    if (!validRecipient(network, contract)) throw new SandboxChainError(`not a ${network} contract address: ${contract}`);
    if (sameContract(network, contract, usdt)) throw new SandboxChainError('that is the configured USDT contract: send asset usdt');
    return network === 'bsc' ? checksumEvmAddress(contract) : contract;
  }

  private usdtContract(network: ChainNetwork): string | null {
    if (network === 'bsc') return checksumEvmAddress(this.options.bscUsdtContract);
    if (network === 'tron') return this.options.tronUsdtContract;
    if (network === 'solana') return this.options.solanaUsdtMint;
    return null;
  }

  /** A reorganisation takes the transaction out of the chain; false when the chain does not know it (or dropped it already). */
  async drop(txid: string): Promise<boolean> {
    const dropped = await this.db
      .update(sandboxChainTransfers)
      .set({ droppedAt: this.clock.now() })
      .where(and(eq(sandboxChainTransfers.txid, txid), sql`${sandboxChainTransfers.droppedAt} IS NULL`))
      .returning({ id: sandboxChainTransfers.id });
    return dropped.length > 0;
  }

  /** Plays a provider failure: every call of the network's watcher fails with `kind` until cleared (null). */
  async setOutage(network: ChainNetwork, kind: ChainErrorKind | null): Promise<void> {
    await this.tip(network);
    await this.db.update(sandboxChainTips).set({ outage: kind }).where(eq(sandboxChainTips.network, network));
  }

  /** Every network's tip and the latest transfers, newest first, as the watchers would report them now. */
  async overview(limit = 50): Promise<{ tips: Record<ChainNetwork, Tip>; transfers: (ChainTransfer & { dropped: boolean })[] }> {
    const tips = {} as Record<ChainNetwork, Tip>;
    for (const network of CHAIN_NETWORKS) tips[network] = await this.tip(network);
    const rows = await this.db.select().from(sandboxChainTransfers).orderBy(desc(sandboxChainTransfers.id)).limit(limit);
    return {
      tips,
      transfers: rows.map((row) => ({ ...this.transferOf(row, tips[row.network], true), dropped: row.droppedAt !== null })),
    };
  }

  /** The transfers the network's chain holds for `keys` from `sinceHeight` on (for the watcher). */
  async rows(network: ChainNetwork, keys: readonly string[], sinceHeight: bigint, tip: bigint): Promise<TransferRow[]> {
    if (keys.length === 0) return [];
    const t = sandboxChainTransfers;
    const lowered = keys.map((key) => key.toLowerCase());
    const matches =
      network === 'bsc'
        ? inArray(sql`lower(${t.toAddress})`, lowered)
        : network === 'solana'
          ? or(inArray(t.toAddress, [...keys]), inArray(t.reference, [...keys]))
          : inArray(t.toAddress, [...keys]);
    // Bitcoin shows the mempool (not yet mined); the other watchers see mined transactions only.
    const visible =
      network === 'bitcoin'
        ? sql`(${t.blockNumber} >= ${sinceHeight} OR ${t.blockNumber} > ${tip})`
        : sql`${t.blockNumber} BETWEEN ${sinceHeight} AND ${tip}`;
    return this.db
      .select()
      .from(t)
      .where(and(eq(t.network, network), sql`${t.droppedAt} IS NULL`, matches, visible))
      .orderBy(t.blockNumber, t.id);
  }

  async rowOf(network: ChainNetwork, txid: string): Promise<TransferRow[]> {
    const t = sandboxChainTransfers;
    return this.db
      .select()
      .from(t)
      .where(and(eq(t.network, network), eq(t.txid, txid), sql`${t.droppedAt} IS NULL`))
      .orderBy(t.outputIndex);
  }

  /** A row as the network's real watcher reports it at the tip (`mempool`: shown while not yet mined). */
  transferOf(row: TransferRow, tip: Tip, mempool = false): ChainTransfer {
    const height = row.blockNumber;
    const mined = height <= tip.height;
    const blockNumber = mined ? height : null;
    // A token is what its contract says it is, as the real watchers read it.
    const usdt = this.usdtContract(row.network);
    const asset: ChainAsset =
      row.contract === null ? row.asset : usdt !== null && sameContract(row.network, row.contract, usdt) ? 'usdt' : 'other';
    if (!mined && !mempool) throw new Error('an unmined transfer is not on chain');
    return {
      network: row.network,
      txid: row.txid,
      index: row.outputIndex,
      to: row.toAddress,
      from: row.fromAddress,
      asset,
      contract: row.contract,
      amount: BigInt(row.amountBase),
      blockNumber,
      blockHash: mined ? blockHash(row.network, height, tip.salt) : null,
      blockTime: mined ? new Date(tip.minedAt.getTime() - Number(tip.height - height) * this.options.blockMs) : null,
      confirmations: confirmationsAt(tip.height, blockNumber),
      ...(row.reference ? { reference: row.reference } : {}),
    };
  }

  blockHashAt(network: ChainNetwork, height: bigint, tip: Tip): string {
    return blockHash(network, height, tip.salt);
  }
}

interface RawTip {
  height: string;
  mined_at: Date | string;
  salt: string;
  outage: ChainErrorKind | null;
}

const sameContract = (network: ChainNetwork, a: string, b: string) => (network === 'bsc' ? a.toLowerCase() === b.toLowerCase() : a === b);

/** One network of the sandbox chain, behind the interface the watch loop uses for the real ones. */
export class SandboxWatcher implements ChainWatcher {
  constructor(
    private readonly chain: SandboxChain,
    readonly network: ChainNetwork,
  ) {}

  private async liveTip(): Promise<Tip> {
    const tip = await this.chain.tip(this.network);
    if (tip.outage) throw new ChainError(this.network, tip.outage, `sandbox outage (${tip.outage})`);
    return tip;
  }

  async tip(): Promise<ChainTip> {
    const tip = await this.liveTip();
    return { height: tip.height, hash: this.chain.blockHashAt(this.network, tip.height, tip) };
  }

  async transfersTo(addresses: readonly string[], sinceHeight: bigint): Promise<TransferScan> {
    const tip = await this.liveTip();
    const chainTip = { height: tip.height, hash: this.chain.blockHashAt(this.network, tip.height, tip) };
    if (this.network === 'solana') {
      for (const key of addresses)
        if (!isSolanaAddress(key)) throw new ChainError('solana', 'provider_error', `not a Solana address: ${key}`);
    }
    const from = sinceHeight < 0n ? 0n : sinceHeight;
    const keys = [...new Set(addresses)];
    const transfers: ChainTransfer[] = [];
    for (const row of await this.chain.rows(this.network, keys, from, tip.height)) {
      const transfer = this.chain.transferOf(row, tip, true);
      if (this.network !== 'solana') {
        transfers.push(transfer);
        continue;
      }
      // As the Solana watcher: a payment to a watched address is found by it, otherwise by the reference it carries.
      if (keys.includes(row.toAddress)) {
        const { reference: _reference, ...paid } = transfer;
        transfers.push(paid);
      } else transfers.push(transfer);
    }
    return { tip: chainTip, scannedTo: tip.height, transfers };
  }

  async transaction(txid: string): Promise<ChainTransaction | null> {
    const tip = await this.liveTip();
    if (!TXID_FORMS[this.network].test(txid)) return null;
    const rows = await this.chain.rowOf(this.network, this.network === 'bsc' ? txid.toLowerCase() : txid);
    const first = rows[0];
    if (!first) return null;
    const mined = first.blockNumber <= tip.height;
    // TRON and Solana (finalized) know a transaction once it is in a block; Bitcoin and BSC show it pending.
    if (!mined && (this.network === 'tron' || this.network === 'solana')) return null;
    const transfers = rows
      // A pending BSC transaction shows its own value; its token logs exist only once it ran.
      .filter((row) => mined || this.network !== 'bsc' || row.outputIndex === -1)
      .map((row) => {
        const { reference: _reference, ...transfer } = this.chain.transferOf(row, tip, true);
        return transfer;
      });
    const blockNumber = mined ? first.blockNumber : null;
    return {
      network: this.network,
      txid: first.txid,
      succeeded: true,
      blockNumber,
      blockHash: mined ? this.chain.blockHashAt(this.network, first.blockNumber, tip) : null,
      blockTime: transfers[0]?.blockTime ?? null,
      confirmations: confirmationsAt(tip.height, blockNumber),
      transfers,
    };
  }
}
