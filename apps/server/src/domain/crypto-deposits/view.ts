import { and, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import { depositMessages, type CoinId, type CryptoNetworkId, type Deposit, type DepositStage } from '@wise/shared';
import type { Db } from '#server/db/client';
import { chainDeposits, sales } from '#server/db/schema/index';
import type { ChainAsset } from '#server/providers/chains/types';
import { notFound } from '../errors';
import { explorerUrl } from './policy';

/**
 * What a customer and the review desk read about deposits: the customer's stage computed from the
 * deposit, its sale and that sale's payout (docs/crypto-settlement.md, "What the customer sees"),
 * and the chain's facts behind a deposit sale for the desk.
 */

export const DEPOSITS_LISTED = 20;

type DepositRow = typeof chainDeposits.$inferSelect;
type SaleFacts = { status: (typeof sales.$inferSelect)['status']; payoutReference: string | null; paidAt: Date | null } | null;

/** A look-alike token is shown as the coin it imitates on that network: what the customer meant to send. */
export function depositCoin(asset: ChainAsset, network: CryptoNetworkId): CoinId {
  if (asset !== 'other') return asset;
  return network === 'bitcoin' ? 'btc' : 'usdt';
}

export function depositStage(deposit: Pick<DepositRow, 'status' | 'reviewReason'>, sale: SaleFacts): DepositStage {
  switch (deposit.status) {
    case 'dropped':
      return 'dropped';
    case 'held':
      return 'held';
    case 'closed':
      // Closed by a reviewer without a sale: the customer reads the reviewer's reason (closed_note).
      return 'rejected';
    case 'review':
      return 'in_review';
    case 'seen':
      return 'seen';
    case 'confirmed':
      // Confirmed and waiting for something of the customer's (bank details) is a wait they should see.
      return deposit.reviewReason ? 'in_review' : 'seen';
    case 'settled':
      if (!sale) return 'in_review';
      if (sale.status === 'paid') return 'successful';
      if (sale.status === 'approved') return 'paying';
      if (sale.status === 'rejected') return 'rejected';
      return 'in_review';
  }
}

function toDeposit(row: DepositRow, sale: SaleFacts, bitcoinNetwork: 'mainnet' | 'testnet' | 'regtest'): Deposit {
  return {
    id: row.id,
    coin: depositCoin(row.asset, row.network),
    network: row.network,
    stage: depositStage(row, sale),
    txid: row.txid,
    explorer_url: explorerUrl(row.network, row.txid, bitcoinNetwork),
    amount: row.amount,
    confirmations: row.confirmations,
    required_confirmations: row.requiredConfirmations,
    seen_at: row.firstSeenAt.toISOString(),
    confirmed_at: row.confirmedAt?.toISOString() ?? null,
    pricing: row.pricing,
    value_kobo: row.valueKobo,
    sale_id: row.saleId,
    payout_reference: sale?.payoutReference ?? null,
    paid_at: sale?.paidAt?.toISOString() ?? null,
    closed_note: row.status === 'closed' ? row.closeNote : null,
  };
}

async function depositsWhere(db: Db, where: SQL | undefined, limit: number, bitcoinNetwork: 'mainnet' | 'testnet' | 'regtest') {
  const rows = await db
    .select({ deposit: chainDeposits, status: sales.status, payoutReference: sales.payoutReference, paidAt: sales.paidAt })
    .from(chainDeposits)
    .leftJoin(sales, eq(sales.id, chainDeposits.saleId))
    .where(where)
    .orderBy(desc(chainDeposits.firstSeenAt), desc(chainDeposits.id))
    .limit(limit);
  return rows.map((row) =>
    toDeposit(
      row.deposit,
      row.status ? { status: row.status, payoutReference: row.payoutReference, paidAt: row.paidAt } : null,
      bitcoinNetwork,
    ),
  );
}

/** GET /api/crypto/deposits: the customer's latest deposits, newest first, of the coin and network when asked. */
export async function listDeposits(
  db: Db,
  userId: string,
  filter: { coin?: CoinId; network?: CryptoNetworkId },
  bitcoinNetwork: 'mainnet' | 'testnet' | 'regtest' = 'mainnet',
): Promise<Deposit[]> {
  const conditions = [eq(chainDeposits.userId, userId)];
  if (filter.network) conditions.push(eq(chainDeposits.network, filter.network));
  if (filter.coin) {
    // A look-alike token is listed under the coin it imitates (depositCoin).
    const imitated =
      filter.coin === 'usdt' ? sql`(${chainDeposits.asset} = 'other' AND ${chainDeposits.network} <> 'bitcoin')` : sql`false`;
    conditions.push(or(eq(chainDeposits.asset, filter.coin), imitated)!);
  }
  return depositsWhere(db, and(...conditions), DEPOSITS_LISTED, bitcoinNetwork);
}

/** GET /api/crypto/deposits/:id: another customer's deposit and one that does not exist look the same (404). */
export async function getDeposit(
  db: Db,
  userId: string,
  id: string,
  bitcoinNetwork: 'mainnet' | 'testnet' | 'regtest' = 'mainnet',
): Promise<Deposit> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) throw notFound(depositMessages.notFound);
  const [row] = await depositsWhere(db, and(eq(chainDeposits.id, id), eq(chainDeposits.userId, userId)), 1, bitcoinNetwork);
  if (!row) throw notFound(depositMessages.notFound);
  return row;
}

/** What the chain says about a deposit sale, for the review desk; null for a sale that came from no deposit. */
export interface ChainFacts {
  deposit_id: string;
  network: CryptoNetworkId;
  txid: string;
  explorer_url: string;
  /** What arrived, in the coin, and in base units. */
  amount: string;
  amount_base: string;
  asset: ChainAsset;
  contract: string | null;
  address: string;
  sender: string | null;
  confirmations: number;
  required_confirmations: number;
  block_number: string | null;
  block_time: string | null;
  first_seen_at: string;
  confirmed_at: string | null;
  pricing: 'quote' | 'first_seen' | 'review' | null;
  /** Why it waits for a person (chain_deposits.review_reason), or null. */
  review_reason: string | null;
}

export async function chainFactsForSale(
  db: Db,
  saleId: string,
  bitcoinNetwork: 'mainnet' | 'testnet' | 'regtest' = 'mainnet',
): Promise<ChainFacts | null> {
  const [row] = await db.select().from(chainDeposits).where(eq(chainDeposits.saleId, saleId)).limit(1);
  if (!row) return null;
  return {
    deposit_id: row.id,
    network: row.network,
    txid: row.txid,
    explorer_url: explorerUrl(row.network, row.txid, bitcoinNetwork),
    amount: row.amount,
    amount_base: row.amountBase,
    asset: row.asset,
    contract: row.contract,
    address: row.address,
    sender: row.sender,
    confirmations: row.confirmations,
    required_confirmations: row.requiredConfirmations,
    block_number: row.blockNumber?.toString() ?? null,
    block_time: row.blockTime?.toISOString() ?? null,
    first_seen_at: row.firstSeenAt.toISOString(),
    confirmed_at: row.confirmedAt?.toISOString() ?? null,
    pricing: row.pricing,
    review_reason: row.reviewReason,
  };
}
