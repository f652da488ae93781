import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { CoinId, CryptoNetworkId } from '@wise/shared';
import type { TransactionCheckVerdict } from '@wise/shared/admin';
import type { Db } from '#server/db/client';
import {
  chainDeposits,
  cryptoQuotes,
  cryptoWalletAddresses,
  depositAddresses,
  sales,
  saleTransactionChecks,
  solanaPaymentReferences,
} from '#server/db/schema/index';
import { enqueue } from '#server/jobs/queue';
import type { JobSet } from '#server/jobs/worker';
import type { Clock } from '#server/lib/clock';
import { ChainError, type ChainTransaction, type ChainWatcher } from '#server/providers/chains/types';
import { baseUnitDecimals, chainTxidOf, fromBaseUnits, sameAddress, toBaseUnits } from '#server/providers/chains/units';
import { plain } from '../crypto/money';

/**
 * The on-chain check of a manual crypto sale's transaction ID (docs/crypto-settlement.md, "The
 * manual path"): the network's watcher is asked for the transaction, and the reviewer is shown
 * whether it paid the company's shared address for the coin and network, how much against the
 * sale's amount, whether it came after the quote, its confirmations and whether it succeeded. A
 * verdict informs the reviewer; it decides nothing. A transaction still unconfirmed (or not yet
 * known) is looked at again a few times while the sale waits, and a reviewer may ask again.
 */

export const CHECK_TRANSACTION_JOB = 'sales.check_transaction';

/** The watchers of the networks that have one; a network without one is "not checked". */
export type ChainWatchers = Partial<Record<CryptoNetworkId, ChainWatcher>>;

/** Confirmations before a transfer counts, as exchanges commonly wait (docs/crypto-settlement.md). */
export const REQUIRED_CONFIRMATIONS: Readonly<Record<CryptoNetworkId, number>> = { bitcoin: 2, bsc: 15, tron: 20, solana: 1 };

/** When a provisional verdict (unconfirmed, not found) is looked at again, after the previous check. */
export const FOLLOW_UP_DELAYS_MS = [2, 5, 15, 30, 60, 120].map((minutes) => minutes * 60_000);
const PROVISIONAL: ReadonlySet<TransactionCheckVerdict> = new Set(['unconfirmed', 'not_found']);
const DETAIL_MAX = 500;

export interface SaleUnderCheck {
  id: string;
  userId: string;
  status: string;
  coin: CoinId;
  network: CryptoNetworkId;
  transactionId: string;
  coinAmount: string;
  quoteCreatedAt: Date | null;
}

/** What the database knows about where the transaction went. */
export interface KnownAddresses {
  /** The company's shared addresses for the sale's coin and network (enabled or not: one shown before counts). */
  company: readonly string[];
  /** The customer whose deposit address, Solana reference or recorded deposit the transaction paid, if any. */
  depositOwner: { userId: string; address: string } | null;
}

export interface CheckFacts {
  verdict: TransactionCheckVerdict;
  detail: string | null;
  succeeded: boolean | null;
  confirmations: number | null;
  blockNumber: bigint | null;
  blockTime: Date | null;
  recipient: string | null;
  sender: string | null;
  /** In the coin, a decimal string. */
  receivedAmount: string | null;
}

const nothingKnown = (verdict: TransactionCheckVerdict, detail: string | null): CheckFacts => ({
  verdict,
  detail,
  succeeded: null,
  confirmations: null,
  blockNumber: null,
  blockTime: null,
  recipient: null,
  sender: null,
  receivedAmount: null,
});

/**
 * The verdict on what the chain holds, most serious first: it failed; it paid a customer's own
 * deposit address (credited by the watcher, never by hand); none of our addresses; not the coin
 * sold; older than the quote; less than sold; not yet confirmed enough; else it matches.
 */
export function judgeTransaction(sale: SaleUnderCheck, tx: ChainTransaction | null, known: KnownAddresses, required: number): CheckFacts {
  if (!tx) return nothingKnown('not_found', null);
  const chain = { succeeded: tx.succeeded, confirmations: tx.confirmations, blockNumber: tx.blockNumber, blockTime: tx.blockTime };
  const first = tx.transfers[0];
  const base = { ...chain, recipient: first?.to ?? null, sender: first?.from ?? null, receivedAmount: null };
  if (!tx.succeeded) return { ...base, verdict: 'failed', detail: null };
  if (known.depositOwner) {
    const whose = known.depositOwner.userId === sale.userId ? "the seller's own" : "another customer's";
    return { ...base, recipient: known.depositOwner.address, verdict: 'deposit_address', detail: `Paid ${whose} deposit address` };
  }
  const ours = tx.transfers.filter((transfer) => known.company.some((address) => sameAddress(sale.network, address, transfer.to)));
  if (ours.length === 0) return { ...base, verdict: 'wrong_recipient', detail: null };
  const paid = ours.filter((transfer) => transfer.asset === sale.coin);
  if (paid.length === 0) {
    const assets = [...new Set(ours.map((transfer) => (transfer.contract ? `${transfer.asset} (${transfer.contract})` : transfer.asset)))];
    return {
      ...base,
      recipient: ours[0]?.to ?? null,
      verdict: 'wrong_asset',
      detail: `Received ${assets.join(', ')}`.slice(0, DETAIL_MAX),
    };
  }
  const decimals = baseUnitDecimals(sale.coin, sale.network);
  const received = paid.reduce((sum, transfer) => sum + transfer.amount, 0n);
  const facts = {
    ...chain,
    recipient: paid[0]?.to ?? null,
    sender: paid[0]?.from ?? null,
    receivedAmount: fromBaseUnits(received, decimals),
  };
  if (tx.blockTime && sale.quoteCreatedAt && tx.blockTime <= sale.quoteCreatedAt)
    return { ...facts, verdict: 'before_quote', detail: null };
  if (received < toBaseUnits(sale.coinAmount, decimals)) return { ...facts, verdict: 'amount_short', detail: null };
  if (tx.blockTime === null || tx.confirmations < required) return { ...facts, verdict: 'unconfirmed', detail: null };
  return { ...facts, verdict: 'matches', detail: null };
}

/** The sale a check is about: a crypto sale with a network and a transaction ID, else undefined. */
export async function saleUnderCheck(db: Db, saleId: string): Promise<SaleUnderCheck | undefined> {
  const [row] = await db
    .select({
      id: sales.id,
      userId: sales.userId,
      status: sales.status,
      coin: sales.coin,
      network: sales.network,
      transactionId: sales.transactionId,
      coinAmount: sales.coinAmount,
      quoteCreatedAt: cryptoQuotes.createdAt,
    })
    .from(sales)
    .leftJoin(cryptoQuotes, eq(cryptoQuotes.id, sales.quoteId))
    .where(and(eq(sales.id, saleId), eq(sales.kind, 'crypto')))
    .limit(1);
  if (!row?.coin || !row.network || !row.transactionId || !row.coinAmount) return undefined;
  return {
    ...row,
    coin: row.coin,
    network: row.network,
    transactionId: row.transactionId,
    coinAmount: plain(row.coinAmount),
    quoteCreatedAt: row.quoteCreatedAt ?? null,
  };
}

/** The company's addresses for the coin and network, and whose deposit (if anyone's) the transaction paid. */
async function knownAddresses(db: Db, sale: SaleUnderCheck, tx: ChainTransaction | null): Promise<KnownAddresses> {
  const companyRows = await db
    .select({ address: cryptoWalletAddresses.address })
    .from(cryptoWalletAddresses)
    .where(and(eq(cryptoWalletAddresses.coin, sale.coin), eq(cryptoWalletAddresses.network, sale.network)));
  const company = companyRows.map((row) => row.address);
  const [recorded] = await db
    .select({ userId: chainDeposits.userId, address: chainDeposits.address })
    .from(chainDeposits)
    .where(
      and(
        inArray(chainDeposits.network, ['bitcoin', 'bsc', 'tron', 'solana']),
        inArray(chainDeposits.txid, [sale.transactionId, `0x${sale.transactionId}`]),
      ),
    )
    .limit(1);
  if (recorded) return { company, depositOwner: recorded };
  const transfers = tx?.transfers ?? [];
  const references = transfers.flatMap((transfer) => (transfer.reference ? [transfer.reference] : []));
  if (references.length > 0) {
    const [byReference] = await db
      .select({ userId: solanaPaymentReferences.userId, address: solanaPaymentReferences.recipient })
      .from(solanaPaymentReferences)
      .where(inArray(solanaPaymentReferences.reference, references))
      .limit(1);
    if (byReference) return { company, depositOwner: byReference };
  }
  const recipients = [...new Set(transfers.map((transfer) => transfer.to))];
  if (recipients.length === 0 || sale.network === 'solana') return { company, depositOwner: null };
  const [owned] = await db
    .select({ userId: depositAddresses.userId, address: depositAddresses.address })
    .from(depositAddresses)
    .where(and(sql`${depositAddresses.network} = ${sale.network}`, inArray(depositAddresses.address, recipients)))
    .limit(1);
  return { company, depositOwner: owned ?? null };
}

/** Writes the check, replacing the previous one (how many checks there were is kept). */
async function recordCheck(db: Db, clock: Clock, sale: SaleUnderCheck, facts: CheckFacts): Promise<void> {
  const now = clock.now();
  const values = {
    network: sale.network,
    txid: sale.transactionId,
    verdict: facts.verdict,
    detail: facts.detail?.slice(0, DETAIL_MAX) ?? null,
    succeeded: facts.succeeded,
    confirmations: facts.confirmations,
    requiredConfirmations: REQUIRED_CONFIRMATIONS[sale.network],
    blockNumber: facts.blockNumber,
    blockTime: facts.blockTime,
    recipient: facts.recipient?.slice(0, 128) ?? null,
    sender: facts.sender?.slice(0, 128) ?? null,
    receivedAmount: facts.receivedAmount,
    checkedAt: now,
  };
  await db
    .insert(saleTransactionChecks)
    .values({ saleId: sale.id, ...values, firstCheckedAt: now })
    .onConflictDoUpdate({ target: saleTransactionChecks.saleId, set: { ...values, checks: sql`${saleTransactionChecks.checks} + 1` } });
}

export interface CheckDeps {
  clock: Clock;
  watchers: ChainWatchers;
}

/**
 * Checks a sale's transaction ID on chain and records the verdict. A provider failure is thrown
 * (the queue tries again) until `lastAttempt`, which records `unavailable` instead. Undefined when
 * the sale has nothing to check (no ID, no network, not crypto).
 */
export async function checkSaleTransaction(db: Db, deps: CheckDeps, saleId: string, lastAttempt = true): Promise<CheckFacts | undefined> {
  const sale = await saleUnderCheck(db, saleId);
  if (!sale) return undefined;
  const watcher = deps.watchers[sale.network];
  let facts: CheckFacts;
  if (!watcher) {
    facts = nothingKnown('not_checked', 'No chain watcher is configured for this network');
  } else {
    try {
      const tx = await watcher.transaction(chainTxidOf(sale.network, sale.transactionId));
      facts = judgeTransaction(sale, tx, await knownAddresses(db, sale, tx), REQUIRED_CONFIRMATIONS[sale.network]);
    } catch (error) {
      if (!(error instanceof ChainError) || !lastAttempt) throw error;
      facts = nothingKnown('unavailable', `${error.kind}: ${error.message}`);
    }
  }
  await recordCheck(db, deps.clock, sale, facts);
  return facts;
}

/** Queues a check of the sale's transaction ID (in the caller's transaction when given one). */
export function enqueueTransactionCheck(
  db: Db,
  clock: Clock,
  saleId: string,
  options: { key: string; round?: number; runAt?: Date },
): Promise<number | null> {
  return enqueue(
    db,
    CHECK_TRANSACTION_JOB,
    { saleId, round: options.round ?? 0 },
    { clock, runAt: options.runAt, singletonKey: `${CHECK_TRANSACTION_JOB}:${saleId}:${options.key}` },
  );
}

/**
 * A reviewer's "check again": queued unless the same request is already waiting (the key is the
 * number of checks made so far, so a second click before the check ran queues nothing).
 */
export async function requestTransactionRecheck(db: Db, clock: Clock, saleId: string): Promise<boolean> {
  const sale = await saleUnderCheck(db, saleId);
  if (!sale) return false;
  const [row] = await db
    .select({ checks: saleTransactionChecks.checks })
    .from(saleTransactionChecks)
    .where(eq(saleTransactionChecks.saleId, saleId));
  return (await enqueueTransactionCheck(db, clock, saleId, { key: `recheck:${row?.checks ?? 0}` })) !== null;
}

const checkPayload = z.object({ saleId: z.uuid(), round: z.number().int().min(0).max(FOLLOW_UP_DELAYS_MS.length) });

/** The check job (registered in server.ts with the configured watchers). */
export function transactionCheckJobs(watchers: ChainWatchers): JobSet {
  return {
    jobs: [
      {
        name: CHECK_TRANSACTION_JOB,
        payload: checkPayload,
        timeoutMs: 120_000,
        handler: async ({ saleId, round }, { db, clock, job }) => {
          const facts = await checkSaleTransaction(db, { clock, watchers }, saleId, job.attempts >= job.maxAttempts);
          const delay = FOLLOW_UP_DELAYS_MS[round];
          if (!facts || !PROVISIONAL.has(facts.verdict) || delay === undefined) return;
          // Looked at again while the sale waits for its decision.
          const sale = await saleUnderCheck(db, saleId);
          if (sale?.status !== 'submitted' && sale?.status !== 'under_review') return;
          await enqueueTransactionCheck(db, clock, saleId, {
            key: `follow:${round + 1}`,
            round: round + 1,
            runAt: new Date(clock.now().getTime() + delay),
          });
        },
      },
    ],
    schedules: [],
  };
}
