import { and, desc, eq, gt, lte, notExists, sql } from 'drizzle-orm';
import {
  COINS,
  coinTakenOn,
  CRYPTO_NETWORKS,
  CRYPTO_MAX_QUOTE_NGN,
  customerEmailTexts,
  depositNoticeTexts,
  textsIn,
  type CoinId,
  type Language,
} from '@wise/shared';
import type { Db } from '#server/db/client';
import { chainDeposits, cryptoQuotes, depositAddresses, sales, solanaPaymentReferences, users } from '#server/db/schema/index';
import type { Clock } from '#server/lib/clock';
import type { ChainNetwork, ChainTransfer } from '#server/providers/chains/types';
import { Dec, koboHalfUp } from '../crypto/money';
import { createQuote, type QuoteDeps } from '../crypto/quotes';
import { DomainError } from '../errors';
import { publishInProcess } from '../events/hub';
import { enqueueEmail } from '../notifications/email';
import { enqueuePush } from '../push/notify';
import type { ChainWatchObserver } from './observer';
import { assetDecimals, depositTxid, saleTxid, truncateDecimal, unitsToDecimal, type DepositPolicy } from './policy';

/**
 * A transfer seen for the first time (docs/crypto-settlement.md, "How a deposit is settled"): who
 * it belongs to (the address or reference it paid), and how it is priced — at the customer's open
 * quote for the coin if one was honoured at that moment, at the rate of that moment otherwise —
 * or why it is not sold (held below the minimum, a look-alike token, an amount beyond the quote's
 * tolerance, a transaction ID a sale by hand already used). The customer is told it arrived.
 */

/** Why a deposit waits for a person, or why its sale waits for one (chain_deposits.review_reason). */
export const REVIEW_REASONS = {
  unexpectedToken: 'unexpected_token',
  amountMismatch: 'amount_mismatch',
  transactionIdUsed: 'transaction_id_used',
  quoteUsed: 'quote_used',
  belowMinimum: 'below_minimum',
  notPriced: 'not_priced',
  noBankDetails: 'no_bank_details',
  accountClosed: 'account_closed',
} as const;

export interface RecordDeps {
  clock: Clock;
  policy: DepositPolicy;
  quotes: QuoteDeps;
  observer: ChainWatchObserver;
  appUrl?: string;
}

/** What a network's transfers may pay: each customer address (or Solana reference) and its owner. */
export interface WatchTarget {
  /** What transfersTo is given: the address, or on Solana the reference key. */
  key: string;
  userId: string;
  address: string;
  reference: string | null;
}

/** How long a Solana reference is watched after it was drawn: a transfer request is paid at once or not at all. */
const SOLANA_REFERENCE_WATCH_MS = 7 * 24 * 60 * 60_000;

export async function watchTargets(db: Db, network: ChainNetwork, now: Date): Promise<WatchTarget[]> {
  if (network === 'solana') {
    const rows = await db
      .select()
      .from(solanaPaymentReferences)
      .where(gt(solanaPaymentReferences.createdAt, new Date(now.getTime() - SOLANA_REFERENCE_WATCH_MS)));
    return rows.map((row) => ({ key: row.reference, userId: row.userId, address: row.recipient, reference: row.reference }));
  }
  const rows = await db.select().from(depositAddresses).where(eq(depositAddresses.network, network));
  return rows.map((row) => ({ key: row.address, userId: row.userId, address: row.address, reference: null }));
}

/** The target a transfer paid: by reference on Solana, by address elsewhere (EVM addresses without their checksum case). */
export function targetOf(targets: readonly WatchTarget[], transfer: ChainTransfer): WatchTarget | undefined {
  if (transfer.network === 'solana')
    return targets.find((t) => t.reference !== null && t.reference === transfer.reference && t.address === transfer.to);
  const to = transfer.network === 'bsc' ? transfer.to.toLowerCase() : transfer.to;
  return targets.find((t) => (transfer.network === 'bsc' ? t.address.toLowerCase() : t.address) === to);
}

interface Pricing {
  status: 'seen' | 'review' | 'held';
  reviewReason: string | null;
  quoteId: string | null;
  pricing: 'quote' | 'first_seen' | null;
  valueKobo: number | null;
}

const unpriced = (status: Pricing['status'], reviewReason: string | null): Pricing => ({
  status,
  reviewReason,
  quoteId: null,
  pricing: null,
  valueKobo: null,
});

/** The coin a transfer sells, or null when it is no coin Wise buys on that network (a look-alike token). */
export function coinOf(transfer: Pick<ChainTransfer, 'asset' | 'network'>): CoinId | null {
  if (transfer.asset === 'other') return null;
  return coinTakenOn(transfer.asset, transfer.network) ? transfer.asset : null;
}

/**
 * A sale by hand (or, with `anySale`, any sale) already used this transaction: the deposit is not
 * sold twice. One transaction paying the same customer twice (two outputs) is one sale's worth by
 * the database's rule (one sale per transaction ID), so the second goes to a reviewer.
 */
export async function transactionIdUsedByHand(
  db: Db,
  coin: CoinId,
  network: ChainNetwork,
  txid: string,
  anySale = false,
): Promise<boolean> {
  const [row] = await db
    .select({ id: sales.id })
    .from(sales)
    .where(
      and(
        sql`${sales.coin} = ${coin}`,
        eq(sales.transactionIdNormalized, saleTxid(network, txid)),
        anySale ? undefined : eq(sales.source, 'customer'),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * The customer's quote for the coin honoured at `now` and used by nothing yet (no sale, no
 * deposit, not re-priced), newest first, locked: a second deposit at once waits and finds it used.
 */
async function openQuote(tx: Db, userId: string, coin: CoinId, now: Date) {
  const [row] = await tx
    .select()
    .from(cryptoQuotes)
    .where(
      and(
        eq(cryptoQuotes.userId, userId),
        eq(cryptoQuotes.coin, coin),
        sql`${cryptoQuotes.depositOf} IS NULL`,
        lte(cryptoQuotes.createdAt, now),
        gt(cryptoQuotes.expiresAt, now),
        notExists(tx.select({ id: sales.id }).from(sales).where(eq(sales.quoteId, cryptoQuotes.id))),
        notExists(tx.select({ id: chainDeposits.id }).from(chainDeposits).where(eq(chainDeposits.quoteId, cryptoQuotes.id))),
        sql`NOT EXISTS (SELECT 1 FROM crypto_quotes r WHERE r.deposit_of = ${cryptoQuotes.id})`,
      ),
    )
    .orderBy(desc(cryptoQuotes.createdAt))
    .limit(1)
    .for('update');
  return row;
}

/**
 * The quote's prices for the amount that arrived: a quote of its own (crypto_quotes.deposit_of,
 * one per quote; 0055 checks the prices and times are the quote's), since a sale's figures are its
 * quote's exactly.
 */
async function repricedQuote(tx: Db, quote: typeof cryptoQuotes.$inferSelect, amount: string): Promise<{ id: string; valueKobo: number }> {
  const valueKobo = koboHalfUp(new Dec(amount).times(quote.priceUsd).times(quote.rateNgnPerUsd));
  const [row] = await tx
    .insert(cryptoQuotes)
    .values({
      userId: quote.userId,
      coin: quote.coin,
      amount,
      priceUsd: quote.priceUsd,
      usdtMarketRateNgn: quote.usdtMarketRateNgn,
      usdtAdjustmentNgn: quote.usdtAdjustmentNgn,
      usdtRateNgn: quote.usdtRateNgn,
      coinAdjustmentNgn: quote.coinAdjustmentNgn,
      rateNgnPerUsd: quote.rateNgnPerUsd,
      valueKobo,
      pricesAt: quote.pricesAt,
      createdAt: quote.createdAt,
      expiresAt: quote.expiresAt,
      depositOf: quote.id,
    })
    .returning({ id: cryptoQuotes.id, valueKobo: cryptoQuotes.valueKobo });
  if (!row) throw new Error('re-priced quote insert returned nothing');
  return row;
}

/** A quote at the rate of this moment, in a savepoint: stale prices or a closed account leave the deposit unpriced, not the loop stopped. */
async function firstSeenQuote(tx: Db, deps: RecordDeps, userId: string, coin: CoinId, amount: string): Promise<Pricing> {
  try {
    const quote = await tx.transaction((sp) => createQuote(sp, deps.quotes, userId, { coin, amount }));
    return { status: 'seen', reviewReason: null, quoteId: quote.id, pricing: 'first_seen', valueKobo: quote.value_kobo };
  } catch (error) {
    if (error instanceof DomainError && error.status === 400) return unpriced('review', REVIEW_REASONS.amountMismatch);
    return unpriced('seen', REVIEW_REASONS.notPriced);
  }
}

/** How a deposit first seen now is priced, or why it is not sold. */
async function priceAtFirstSight(tx: Db, deps: RecordDeps, userId: string, transfer: ChainTransfer, amount: string): Promise<Pricing> {
  const coin = coinOf(transfer);
  if (coin === null) return unpriced('review', REVIEW_REASONS.unexpectedToken);
  if (new Dec(amount).lt(deps.policy.minimum[coin])) return unpriced('held', REVIEW_REASONS.belowMinimum);
  const sold = truncateDecimal(amount, COINS[coin].decimals);
  if (new Dec(sold).lte(0)) return unpriced('held', REVIEW_REASONS.belowMinimum);
  if (await transactionIdUsedByHand(tx, coin, transfer.network, transfer.txid)) return unpriced('review', REVIEW_REASONS.transactionIdUsed);
  const now = deps.clock.now();
  const quote = await openQuote(tx, userId, coin, now);
  if (!quote) return firstSeenQuote(tx, deps, userId, coin, sold);
  const quoted = new Dec(quote.amount);
  const off = new Dec(sold).minus(quoted).abs();
  if (off.gt(quoted.times(deps.policy.tolerancePercent).div(100))) return unpriced('review', REVIEW_REASONS.amountMismatch);
  if (off.isZero()) return { status: 'seen', reviewReason: null, quoteId: quote.id, pricing: 'quote', valueKobo: quote.valueKobo };
  const repriced = await repricedQuote(tx, quote, sold);
  if (repriced.valueKobo > CRYPTO_MAX_QUOTE_NGN * 100) return unpriced('review', REVIEW_REASONS.amountMismatch);
  return { status: 'seen', reviewReason: null, quoteId: repriced.id, pricing: 'quote', valueKobo: repriced.valueKobo };
}

/**
 * Records a transfer the first time it is seen, owned by the target's customer (0054's trigger
 * refuses any other owner), priced, and tells the customer. Nothing when it was recorded before.
 * Returns the new deposit's id.
 */
export async function recordTransfer(db: Db, deps: RecordDeps, transfer: ChainTransfer, target: WatchTarget): Promise<string | null> {
  const txid = depositTxid(transfer.network, transfer.txid);
  const amount = unitsToDecimal(transfer.amount, assetDecimals(transfer.network, transfer.asset));
  const created = await db.transaction(async (tx) => {
    const [known] = await tx
      .select({ id: chainDeposits.id })
      .from(chainDeposits)
      .where(
        and(
          eq(chainDeposits.network, transfer.network),
          eq(chainDeposits.txid, txid),
          eq(chainDeposits.outputIndex, transfer.index),
          eq(chainDeposits.address, target.address),
        ),
      )
      .limit(1);
    if (known) return null;
    const priced = await priceAtFirstSight(tx, deps, target.userId, { ...transfer, txid }, amount);
    const [row] = await tx
      .insert(chainDeposits)
      .values({
        userId: target.userId,
        network: transfer.network,
        txid,
        outputIndex: transfer.index,
        address: target.address,
        reference: target.reference,
        asset: transfer.asset,
        contract: transfer.contract,
        amountBase: transfer.amount.toString(),
        amount,
        sender: transfer.from,
        blockNumber: transfer.blockNumber,
        blockHash: transfer.blockHash,
        blockTime: transfer.blockTime,
        confirmations: transfer.confirmations,
        requiredConfirmations: deps.policy.confirmations[transfer.network],
        ...priced,
        firstSeenAt: deps.clock.now(),
        // One seen is confirmed by the next run's re-read; one in review or held is not followed
        // further once it has them, so the desk reads from here when it had them all.
        confirmedAt:
          priced.status !== 'seen' && transfer.confirmations >= deps.policy.confirmations[transfer.network] ? deps.clock.now() : null,
      })
      // A twin run that recorded it a moment ago: its row stands, this one is nothing.
      .onConflictDoNothing({ target: [chainDeposits.network, chainDeposits.txid, chainDeposits.outputIndex, chainDeposits.address] })
      .returning({ id: chainDeposits.id });
    if (!row) return null;
    // The embedded database has no NOTIFY across its one session (domain/events/hub.ts): told here.
    publishInProcess(target.userId, { type: 'deposit', id: row.id });
    await tellReceived(tx, deps, target.userId, transfer, amount, priced);
    return { id: row.id, status: priced.status };
  });
  if (!created) return null;
  deps.observer.deposit(transfer.network, 'seen');
  if (created.status !== 'seen') deps.observer.deposit(transfer.network, created.status);
  return created.id;
}

/** The push and the e-mail "we have seen your coins", in the customer's language, with the deposit's row. */
async function tellReceived(tx: Db, deps: RecordDeps, userId: string, transfer: ChainTransfer, amount: string, priced: Pricing) {
  const [customer] = await tx
    .select({ email: users.email, fullName: users.fullName, language: users.language, closedAt: users.closedAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!customer || customer.closedAt) return;
  const coin = coinOf(transfer);
  const symbol = coin ? COINS[coin].symbol : transfer.asset.toUpperCase();
  const network = CRYPTO_NETWORKS[transfer.network].label;
  const words = (language: Language) => {
    const texts = textsIn(depositNoticeTexts, language);
    if (priced.status === 'held' && coin) return texts.receivedHeld(amount, symbol, deps.policy.minimum[coin]);
    if (priced.status === 'review') return texts.receivedReview(amount, symbol);
    return texts.received(amount, symbol, network);
  };
  const url = `/sellcrypto/cryptocatalogue/${coin ?? 'usdt'}/walletaddress`;
  await enqueuePush(
    tx,
    deps.clock,
    userId,
    { title: (language) => textsIn(depositNoticeTexts, language).receivedTitle, message: words, url, tag: `deposit:${transfer.txid}` },
    customer.language,
  );
  const t = textsIn(customerEmailTexts, customer.language);
  await enqueueEmail(tx, deps.clock, {
    to: customer.email,
    subject: textsIn(depositNoticeTexts, customer.language).receivedSubject(symbol),
    text: [
      t.hello(customer.fullName),
      '',
      words(customer.language),
      ...(deps.appUrl ? ['', `${deps.appUrl.replace(/\/$/, '')}${url}`] : []),
      '',
      t.signature,
    ].join('\n'),
  });
}
