import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  formatKobo,
  payoutFailureCodeOf,
  payoutFailureTexts,
  pushTitles,
  saleAmountDifferenceLine,
  saleAmountReasonWords,
  saleNoticeTexts,
  customerEmailTexts,
  textsIn,
  type Language,
} from '@wise/shared';
import type { Db } from '#server/db/client';
import { payouts } from '#server/db/schema/admin';
import { banks } from '#server/db/schema/account';
import { users } from '#server/db/schema/auth';
import { pushSubscriptions } from '#server/db/schema/push';
import { referrals } from '#server/db/schema/referrals';
import { sales } from '#server/db/schema/sales';
import type { Clock } from '#server/lib/clock';
import { enqueueEmail } from '../notifications/email';
import { transactionUrl } from '../push/notify';
import { rewardRateAt } from '../rewards/levels';
import { decideReferralOnPaid, undoReferralOnReversal } from '../referrals/referrals';
import { accrueSaleReward, clawBackSaleRewards, saleRewardsNote, saleRewardSource } from '../rewards/rewards';
import type { PayoutRow } from './payouts';
import type { PayoutDeps } from './settings';
import { noticeAboutSale } from './sale-notice';
import { publishInProcess } from '../events/hub';

/**
 * Settling an attempt. Success pays the sale in the same transaction (sale `paid` with the
 * provider's reference, the reward, the notification and the e-mail), so either all of it
 * happened or none did; a second report of the same outcome (a replayed webhook, a status query
 * racing the webhook) finds the attempt settled and changes nothing.
 */

const REASON_MAX = 500;
const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** The customer's words (notification and e-mail headline), in their language. */
export const salePaidMessage = (title: string, amountKobo: number, bankName: string, accountNumber: string, language: Language = 'en') =>
  textsIn(saleNoticeTexts, language).paid(title, formatKobo(amountKobo), bankName, accountNumber.slice(-4));

export type SettleResult = 'settled' | 'already' | 'conflict' | 'held' | 'reversed';

async function lockPayout(tx: Db, payoutId: string): Promise<PayoutRow | undefined> {
  const [row] = await tx.select().from(payouts).where(eq(payouts.id, payoutId)).for('update');
  return row;
}

/**
 * The sale paid by this successful payout: status, reference and time, the reward on the paid
 * amount, a notification and an e-mail. Inside the caller's transaction, after the payout row
 * became `success` (the database refuses `paid` otherwise).
 */
export async function paySale(
  tx: Db,
  deps: { clock: Clock; appUrl?: string },
  payout: Pick<PayoutRow, 'saleId' | 'amountKobo' | 'attempt' | 'bankCode' | 'accountNumber'>,
  providerReference: string,
): Promise<void> {
  // Paid in one statement, never before the approval (instances' clocks may differ by a little);
  // a sale paid already is left as it is.
  const now = deps.clock.now().toISOString();
  const paidAt = sql<Date>`greatest(${now}::timestamptz, ${sales.statusChangedAt}, ${sales.decidedAt})`;
  const [sale] = await tx
    .update(sales)
    .set({ status: 'paid', paidAt, payoutReference: providerReference, statusChangedAt: paidAt })
    .where(and(eq(sales.id, payout.saleId), ne(sales.status, 'paid')))
    .returning({
      id: sales.id,
      userId: sales.userId,
      title: sales.title,
      bankName: sales.bankName,
      accountNumber: sales.accountNumber,
      paidAt: sales.paidAt,
      valueKobo: sales.valueKobo,
      approvalReasonCode: sales.approvalReasonCode,
      approvalNote: sales.approvalNote,
    });
  if (!sale) {
    const [existing] = await tx.select({ id: sales.id }).from(sales).where(eq(sales.id, payout.saleId));
    if (!existing) throw new Error(`payout of a missing sale ${payout.saleId}`);
    return;
  }
  if (!sale.paidAt) throw new Error(`sale ${sale.id} was paid without a time`);
  const at = sale.paidAt;
  publishInProcess(sale.userId, { type: 'sale', id: sale.id });
  const [customer] = await tx
    .select({
      email: users.email,
      fullName: users.fullName,
      language: users.language,
      closedAt: users.closedAt,
      // Whether a push or a referral needs statements of its own: for most customers, neither.
      hasPush: sql<boolean>`exists (select 1 from ${pushSubscriptions} where ${pushSubscriptions.userId} = ${sale.userId})`,
      referralOpen: sql<boolean>`exists (select 1 from ${referrals} where ${referrals.refereeId} = ${sale.userId} and ${referrals.status} = 'signed_up')`,
    })
    .from(users)
    .where(eq(users.id, sale.userId))
    .limit(1);
  if (!customer) throw new Error(`sale ${sale.id} has no customer`);
  // A sale of a closed account paid again (staff retried it after a reversal): the money is owed and
  // goes; the account earns nothing and is told nothing (docs/closed-accounts.md).
  if (customer.closedAt) return;
  // Once per sale; again only if a reversal took the earlier (unclaimed) reward back. The rate is
  // the customer's reward level on what they were paid in the 30 days before this sale.
  const source = await saleRewardSource(tx, sale.id, payout.attempt);
  const reward = source
    ? await accrueSaleReward(tx, deps.clock, {
        userId: sale.userId,
        saleId: sale.id,
        amountKobo: payout.amountKobo,
        gemsPer1000Naira: (await rewardRateAt(tx, sale.userId, sale.id, at)).gemsPer1000Naira,
        description: `Reward for your ${sale.title} sale`,
        source,
      })
    : undefined;
  // The referee's first sale decides their referral here, in the paying transaction (README,
  // "Referrals"). One not open now never opens again (the database allows only signed_up → decided).
  if (customer.referralOpen) {
    await decideReferralOnPaid(tx, deps.clock, {
      saleId: sale.id,
      refereeId: sale.userId,
      paidTo: { bankCode: payout.bankCode, accountNumber: payout.accountNumber },
      at,
    });
  }
  // The account this attempt paid: the sale's snapshot, or the customer's new details after a change.
  const bankName = payout.accountNumber === sale.accountNumber ? sale.bankName : await bankNameOf(tx, payout.bankCode, sale.bankName);
  // Paid another amount than the quote: the customer reads the quote and why, beside the amount paid.
  const reason = saleAmountReasonWords(sale.approvalReasonCode, sale.approvalNote);
  // Every line in the customer's language (users.language, docs/i18n.md); a reviewer's note stays as written.
  const headline = (language: Language) =>
    payout.amountKobo === sale.valueKobo
      ? salePaidMessage(sale.title, payout.amountKobo, bankName, payout.accountNumber, language)
      : `${salePaidMessage(sale.title, payout.amountKobo, bankName, payout.accountNumber, language)} ${saleAmountDifferenceLine(sale.valueKobo, reason, language)}`;
  const notice = (language: Language) =>
    reward ? `${headline(language)} ${textsIn(saleNoticeTexts, language).paidGems(reward.amount)}` : headline(language);
  await noticeAboutSale(
    tx,
    deps.clock,
    { userId: sale.userId, saleId: sale.id, language: customer.language },
    notice,
    customer.hasPush && { title: pushTitles.salePaid },
  );
  // The frame in the customer's language (users.language, docs/i18n.md).
  const t = textsIn(customerEmailTexts, customer.language);
  await enqueueEmail(tx, deps.clock, {
    to: customer.email,
    subject: t.salePaid.subject(sale.title),
    text: [
      t.hello(customer.fullName),
      '',
      headline(customer.language),
      t.salePaid.reference(providerReference),
      ...(reward ? ['', t.salePaid.gems(reward.amount)] : []),
      ...(deps.appUrl ? ['', t.seeTransaction(transactionUrl(sale.id, deps.appUrl))] : []),
      '',
      t.salePaid.thanks,
      '',
      t.signature,
    ].join('\n'),
  });
}

async function bankNameOf(tx: Db, bankCode: string, fallback: string): Promise<string> {
  const [bank] = await tx.select({ name: banks.name }).from(banks).where(eq(banks.code, bankCode)).limit(1);
  return bank?.name ?? fallback;
}

/** What the provider reported with a success; null fields were not reported. */
export interface ReportedSuccess {
  transferCode: string | null;
  amountKobo: number | null;
  currency: string | null;
}

/** Why a reported success does not match the attempt, or null when it does. */
export function successMismatch(payout: Pick<PayoutRow, 'amountKobo'>, reported: ReportedSuccess): string | null {
  const problems: string[] = [];
  if (reported.amountKobo !== null && reported.amountKobo !== payout.amountKobo) {
    problems.push(`the provider reported ${reported.amountKobo} kobo, the payout is ${payout.amountKobo} kobo`);
  }
  if (reported.currency !== null && reported.currency.toUpperCase() !== 'NGN')
    problems.push(`the provider reported the currency ${reported.currency}, the payout is in NGN`);
  return problems.length ? `Held: ${problems.join('; ')}` : null;
}

/**
 * The provider says the transfer succeeded: the attempt and the sale, in one transaction.
 * Idempotent. A success whose amount or currency differs from the attempt is not settled: the
 * attempt is held (`needs_review`, with the provider's figures), the sale stays unpaid, and staff
 * resolve it (the back office shows it; an error line tells an operator).
 */
export async function settlePayoutSuccess(db: Db, deps: PayoutDeps, payoutId: string, reported: ReportedSuccess): Promise<SettleResult> {
  const transferCode = reported.transferCode;
  return db.transaction(async (tx) => {
    const settled = await settleOpenMatching(tx, deps, payoutId, reported);
    if (settled) {
      await paySale(tx, deps, settled, settled.providerReference ?? settled.reference);
      deps.logger?.info(
        { payoutId, saleId: settled.saleId, reference: settled.reference, providerReference: settled.providerReference },
        'payout succeeded; sale paid',
      );
      return 'settled';
    }
    // Anything else (queued, settled before, held, or figures that differ) is decided under the row's lock.
    const payout = await lockPayout(tx, payoutId);
    if (!payout) throw new Error(`payout ${payoutId} not found`);
    if (payout.status === 'success') return 'already';
    if (payout.status === 'needs_review') return 'held';
    if (payout.status === 'failed' || payout.status === 'reversed') {
      // A definite failure was reported before (or staff have moved on): money may have moved twice.
      deps.logger?.error(
        { payoutId, saleId: payout.saleId, reference: payout.reference },
        'payout reported successful after it was recorded as failed: check with the provider',
      );
      return 'conflict';
    }
    const now = deps.clock.now();
    const providerReference = transferCode ?? payout.providerReference ?? payout.reference;
    if (payout.status === 'queued')
      await tx
        .update(payouts)
        .set({ status: 'sending', sentAt: payout.sentAt ?? now })
        .where(eq(payouts.id, payoutId));
    const mismatch = successMismatch(payout, reported);
    if (mismatch) {
      await tx
        .update(payouts)
        .set({
          status: 'needs_review',
          providerReference,
          sentAt: payout.sentAt ?? now,
          reportedAmountKobo:
            reported.amountKobo !== null && Number.isSafeInteger(reported.amountKobo) && reported.amountKobo >= 0
              ? reported.amountKobo
              : null,
          reportedCurrency: reported.currency && /^[A-Za-z]{1,10}$/.test(reported.currency) ? reported.currency : null,
          reviewReason: clip(mismatch, REASON_MAX),
        })
        .where(eq(payouts.id, payoutId));
      deps.logger?.error(
        {
          payoutId,
          saleId: payout.saleId,
          reference: payout.reference,
          expectedKobo: payout.amountKobo,
          reportedKobo: reported.amountKobo,
          reportedCurrency: reported.currency,
        },
        'payout reported successful with a different amount or currency: held for staff (back office, "Held — provider figures differ"); the sale stays unpaid',
      );
      return 'held';
    }
    await tx
      .update(payouts)
      .set({ status: 'success', settledAt: now, providerReference, sentAt: payout.sentAt ?? now })
      .where(eq(payouts.id, payoutId));
    await paySale(tx, deps, payout, providerReference);
    deps.logger?.info({ payoutId, saleId: payout.saleId, reference: payout.reference, providerReference }, 'payout succeeded; sale paid');
    return 'settled';
  });
}

/**
 * The common success in one statement: an attempt at the provider (`sending` or `pending`) whose
 * reported figures match becomes `success`, row-locked by the update itself. Undefined when the
 * attempt is in any other state or the figures differ: nothing was changed, and the caller decides.
 */
async function settleOpenMatching(tx: Db, deps: PayoutDeps, payoutId: string, reported: ReportedSuccess): Promise<PayoutRow | undefined> {
  if (reported.currency !== null && reported.currency.toUpperCase() !== 'NGN') return undefined;
  // An amount that is no whole kobo is a mismatch for the careful path, not a query that fails.
  if (reported.amountKobo !== null && !Number.isSafeInteger(reported.amountKobo)) return undefined;
  const now = deps.clock.now();
  const [row] = await tx
    .update(payouts)
    .set({
      status: 'success',
      settledAt: now,
      providerReference: reported.transferCode ?? sql`coalesce(${payouts.providerReference}, ${payouts.reference})`,
      sentAt: sql`coalesce(${payouts.sentAt}, ${now.toISOString()}::timestamptz)`,
    })
    .where(
      and(
        eq(payouts.id, payoutId),
        inArray(payouts.status, ['sending', 'pending']),
        reported.amountKobo === null ? undefined : eq(payouts.amountKobo, reported.amountKobo),
      ),
    )
    .returning();
  return row;
}

/**
 * The provider says the transfer failed (or refused it): the attempt fails, the sale stays
 * approved, and the customer is told why in their words (they can change their bank details,
 * which retries it). Reported after a success (a reversal by the bank, or a late failure), the
 * sale is reopened instead (`reverseSalePayout`). Idempotent.
 */
export async function settlePayoutFailure(
  db: Db,
  deps: PayoutDeps,
  payoutId: string,
  reason: string,
  transferCode: string | null,
): Promise<SettleResult> {
  return db.transaction(async (tx) => {
    const payout = await lockPayout(tx, payoutId);
    if (!payout) throw new Error(`payout ${payoutId} not found`);
    if (payout.status === 'failed' || payout.status === 'reversed') return 'already';
    if (payout.status === 'success') {
      if (payout.method !== 'transfer') {
        deps.logger?.error(
          { payoutId, saleId: payout.saleId, reason },
          'a failure reported for a manual payment: ignored, check with the provider',
        );
        return 'conflict';
      }
      await reverseSalePayout(tx, deps, payout, reason);
      return 'reversed';
    }
    if (payout.status === 'needs_review') {
      // Staff are already looking at it; the failure is part of what they check.
      deps.logger?.error(
        { payoutId, saleId: payout.saleId, reference: payout.reference, reason },
        'a held payout was then reported failed: left for staff to resolve',
      );
      return 'held';
    }
    const now = deps.clock.now();
    const failureReason = clip(reason.trim() || 'The transfer failed', REASON_MAX);
    await tx
      .update(payouts)
      .set({ status: 'failed', settledAt: now, failureReason, providerReference: transferCode ?? payout.providerReference })
      .where(eq(payouts.id, payoutId));
    await tellCustomerPayoutFailed(tx, deps, payout.saleId, payout.amountKobo, failureReason, false);
    deps.logger?.warn(
      { payoutId, saleId: payout.saleId, reference: payout.reference, reason },
      'payout failed; the customer is told, the sale waits for staff or a bank change (retry or manual payment)',
    );
    return 'settled';
  });
}

/**
 * A successful transfer taken back (Paystack `transfer.reversed`, or a failure reported after
 * success): inside the caller's transaction, under the payout's row lock. The attempt becomes
 * `reversed`, the sale goes back from `paid` to `approved` (awaiting a new payout; the database
 * records the step in its history), the rewards of the sale not claimed yet are taken back (claimed
 * gems stay), and the customer is told. An error line tells an operator money came back.
 */
export async function reverseSalePayout(tx: Db, deps: PayoutDeps, payout: PayoutRow, reason: string): Promise<void> {
  const now = deps.clock.now();
  const [sale] = await tx
    .select({ id: sales.id, userId: sales.userId, status: sales.status, statusChangedAt: sales.statusChangedAt })
    .from(sales)
    .where(eq(sales.id, payout.saleId))
    .for('update');
  if (!sale) throw new Error(`payout of a missing sale ${payout.saleId}`);
  const failureReason = clip(reason.trim() || 'The transfer was reversed by the bank', REASON_MAX);
  const reversedAt = new Date(Math.max(now.getTime(), payout.settledAt?.getTime() ?? 0));
  const clawedBack = await clawBackSaleRewards(tx, deps.clock, {
    userId: sale.userId,
    saleId: sale.id,
    reason: 'The payout of this sale was reversed by the bank',
  });
  // The reversal says what became of the sale's rewards, taken back or not and why (a reward
  // already collected, or forfeited when the account closed, is never taken back twice).
  const rewardsNote = await saleRewardsNote(tx, sale.id, clawedBack);
  await tx.update(payouts).set({ status: 'reversed', failureReason, reversedAt, rewardsNote }).where(eq(payouts.id, payout.id));
  if (sale.status === 'paid') {
    const at = new Date(Math.max(now.getTime(), sale.statusChangedAt.getTime()));
    await tx
      .update(sales)
      .set({ status: 'approved', paidAt: null, payoutReference: null, statusChangedAt: at })
      .where(eq(sales.id, sale.id));
    publishInProcess(sale.userId, { type: 'sale', id: sale.id });
  }
  // A referral this sale paid is refused and its unclaimed gems taken back: only a first sale that stays paid counts.
  await undoReferralOnReversal(tx, deps.clock, sale.id);
  await tellCustomerPayoutFailed(tx, deps, sale.id, payout.amountKobo, failureReason, true);
  deps.logger?.error(
    { payoutId: payout.id, saleId: sale.id, reference: payout.reference, reason, gemsTakenBack: clawedBack },
    'a paid payout was reversed by the bank: the sale is reopened (approved, awaiting a new payout), the customer told',
  );
}

/** The customer's notification, push and e-mail about a failed or reversed payout. */
export async function tellCustomerPayoutFailed(
  tx: Db,
  deps: Pick<PayoutDeps, 'clock' | 'appUrl'>,
  saleId: string,
  amountKobo: number,
  providerReason: string,
  reversed: boolean,
) {
  const [sale] = await tx
    .select({
      userId: sales.userId,
      title: sales.title,
      email: users.email,
      fullName: users.fullName,
      language: users.language,
      closedAt: users.closedAt,
    })
    .from(sales)
    .innerJoin(users, eq(users.id, sales.userId))
    .where(eq(sales.id, saleId))
    .limit(1);
  if (!sale) throw new Error(`sale ${saleId} has no customer`);
  // Nobody reads a closed account: no notice, push or e-mail to its placeholder address.
  if (sale.closedAt) return;
  const code = payoutFailureCodeOf(providerReason, reversed);
  const notice = (language: Language) =>
    textsIn(customerEmailTexts, language).payoutFailed.notice(
      sale.title,
      formatKobo(amountKobo),
      textsIn(payoutFailureTexts, language).reasons[code],
    );
  const t = textsIn(customerEmailTexts, sale.language);
  await noticeAboutSale(tx, deps.clock, { userId: sale.userId, saleId, language: sale.language }, notice, {
    title: pushTitles.payoutFailed,
  });
  await enqueueEmail(tx, deps.clock, {
    to: sale.email,
    subject: t.payoutFailed.subject(sale.title),
    text: [
      t.hello(sale.fullName),
      '',
      notice(sale.language),
      '',
      t.payoutFailed.fix,
      ...(deps.appUrl ? ['', t.seeTransaction(transactionUrl(saleId, deps.appUrl))] : []),
      '',
      t.signature,
    ].join('\n'),
  });
}

/** Accepted by the provider, not final yet. */
export async function markPayoutPending(db: Db, clock: Clock, payoutId: string, transferCode: string | null): Promise<boolean> {
  // One statement: what the row already holds is kept by the database, not read first.
  const moved = await db
    .update(payouts)
    .set({
      status: 'pending',
      providerReference: transferCode ?? sql`${payouts.providerReference}`,
      sentAt: sql`coalesce(${payouts.sentAt}, ${clock.now().toISOString()}::timestamptz)`,
    })
    .where(and(eq(payouts.id, payoutId), inArray(payouts.status, ['sending', 'pending'])))
    .returning({ id: payouts.id });
  return moved.length === 1;
}
