import { eq } from 'drizzle-orm';
import { explorerTransactionUrl } from '@wise/shared';
import type { ChainDepositFacts, SaleChain, TransactionCheck } from '@wise/shared/admin';
import type { Db } from '#server/db/client';
import { chainDeposits, cryptoQuotes, saleTransactionChecks, staff, type sales } from '#server/db/schema/index';
import { plain } from '#server/domain/crypto/money';

/**
 * The "Chain" panel of a crypto sale on the review desk (docs/crypto-settlement.md): for a sale a
 * deposit became, what the watcher recorded (confirmations, amount, sender, block time, why it
 * waits for review); for a manual sale, the on-chain check of its transaction ID
 * (domain/sales/transaction-check.ts). Both with the transaction on the network's explorer.
 */

type SaleRow = typeof sales.$inferSelect;

async function depositOf(db: Db, saleId: string): Promise<(ChainDepositFacts & { txid: string }) | null> {
  const [found] = await db
    .select({ row: chainDeposits, pricer: { id: staff.id, name: staff.name } })
    .from(chainDeposits)
    .leftJoin(staff, eq(staff.id, chainDeposits.decidedBy))
    .where(eq(chainDeposits.saleId, saleId))
    .limit(1);
  if (!found) return null;
  const { row, pricer } = found;
  return {
    id: row.id,
    txid: row.txid,
    status: row.status,
    review_reason: row.reviewReason,
    address: row.address,
    sender: row.sender,
    asset: row.asset,
    amount: plain(row.amount),
    confirmations: row.confirmations,
    required_confirmations: row.requiredConfirmations,
    block_number: row.blockNumber?.toString() ?? null,
    block_time: row.blockTime?.toISOString() ?? null,
    first_seen_at: row.firstSeenAt.toISOString(),
    confirmed_at: row.confirmedAt?.toISOString() ?? null,
    priced_by: row.pricing === 'review' ? pricer : null,
  };
}

async function checkOf(db: Db, sale: SaleRow): Promise<TransactionCheck | null> {
  const [row] = await db.select().from(saleTransactionChecks).where(eq(saleTransactionChecks.saleId, sale.id)).limit(1);
  if (!row) return null;
  const [quote] = sale.quoteId
    ? await db.select({ createdAt: cryptoQuotes.createdAt }).from(cryptoQuotes).where(eq(cryptoQuotes.id, sale.quoteId)).limit(1)
    : [];
  return {
    verdict: row.verdict,
    detail: row.detail,
    succeeded: row.succeeded,
    confirmations: row.confirmations,
    required_confirmations: row.requiredConfirmations,
    block_number: row.blockNumber?.toString() ?? null,
    block_time: row.blockTime?.toISOString() ?? null,
    quote_created_at: quote?.createdAt.toISOString() ?? null,
    recipient: row.recipient,
    sender: row.sender,
    received_amount: row.receivedAmount === null ? null : plain(row.receivedAmount),
    expected_amount: sale.coinAmount === null ? null : plain(sale.coinAmount),
    checks: row.checks,
    checked_at: row.checkedAt.toISOString(),
  };
}

/** The sale's chain facts, or null for a gift card or a crypto sale that names no network. */
export async function saleChainFacts(db: Db, sale: SaleRow): Promise<SaleChain | null> {
  if (sale.kind !== 'crypto' || !sale.network) return null;
  const deposit = await depositOf(db, sale.id);
  if (deposit) {
    const { txid, ...facts } = deposit;
    return {
      network: sale.network,
      txid,
      explorer_url: explorerTransactionUrl(sale.network, txid) ?? null,
      deposit: facts,
      check: null,
      can_recheck: false,
    };
  }
  const txid = sale.transactionId;
  return {
    network: sale.network,
    txid,
    explorer_url: txid ? (explorerTransactionUrl(sale.network, txid) ?? null) : null,
    deposit: null,
    check: txid ? await checkOf(db, sale) : null,
    can_recheck: txid !== null,
  };
}
