import { and, eq, inArray } from 'drizzle-orm';
import { formatKobo, pushTitles, saleAmountDifferenceLine, saleAmountReasonWords } from '@wise/shared';
import type { Db } from '../../db/client';
import { payouts } from '../../db/schema/admin';
import { users } from '../../db/schema/auth';
import { sales } from '../../db/schema/sales';
import type { Clock } from '../../lib/clock';
import { enqueueEmail } from '../notifications/email';
import { notify } from '../notifications/notify';
import { enqueuePush, transactionUrl } from '../push/notify';
import { accrueSaleReward } from '../rewards/rewards';
import type { PayoutRow } from './payouts';
import type { PayoutDeps, PayoutSettings } from './settings';

/**
 * Settling an attempt. Success pays the sale in the same transaction (sale `paid` with the
 * provider's reference, the reward, the notification and the e-mail), so either all of it
 * happened or none did; a second report of the same outcome (a replayed webhook, a status query
 * racing the webhook) finds the attempt settled and changes nothing.
 */

const REASON_MAX = 500;
const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** The customer's words (notification and e-mail headline). */
export const salePaidMessage = (title: string, amountKobo: number, bankName: string, accountNumber: string) =>
  `Your ${title} sale of ${formatKobo(amountKobo)} has been paid to ${bankName} ••${accountNumber.slice(-4)}.`;

export type SettleResult = 'settled' | 'already' | 'conflict';

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
  deps: { clock: Clock; settings: Pick<PayoutSettings, 'gemsPer1000Naira'>; appUrl?: string },
  payout: Pick<PayoutRow, 'saleId' | 'amountKobo'>, providerReference: string): Promise<void> {
  const [sale] = await tx
    .select({
      id: sales.id,
      userId: sales.userId,
      status: sales.status,
      title: sales.title,
      bankName: sales.bankName,
      accountNumber: sales.accountNumber,
      statusChangedAt: sales.statusChangedAt,
      decidedAt: sales.decidedAt,
      valueKobo: sales.valueKobo,
      approvalReasonCode: sales.approvalReasonCode,
      approvalNote: sales.approvalNote,
    })
    .from(sales)
    .where(eq(sales.id, payout.saleId))
    .for('update');
  if (!sale) throw new Error(`payout of a missing sale ${payout.saleId}`);
  if (sale.status === 'paid') return;
  // Never before the approval: instances' clocks may differ by a little.
  const at = new Date(Math.max(deps.clock.now().getTime(), sale.statusChangedAt.getTime(), sale.decidedAt?.getTime() ?? 0));
  await tx.update(sales).set({ status: 'paid', paidAt: at, payoutReference: providerReference, statusChangedAt: at }).where(eq(sales.id, sale.id));
  const reward = await accrueSaleReward(tx, deps.clock, {
    userId: sale.userId,
    saleId: sale.id,
    amountKobo: payout.amountKobo,
    gemsPer1000Naira: deps.settings.gemsPer1000Naira,
    description: `Reward for your ${sale.title} sale`,
  });
  // Paid another amount than the quote: the customer reads the quote and why, beside the amount paid.
  const difference =
    payout.amountKobo === sale.valueKobo ? '' : ` ${saleAmountDifferenceLine(sale.valueKobo, saleAmountReasonWords(sale.approvalReasonCode, sale.approvalNote))}`;
  const headline = `${salePaidMessage(sale.title, payout.amountKobo, sale.bankName, sale.accountNumber)}${difference}`;
  const rewardLine = reward ? ` You earned ${reward.amount} ${reward.amount === 1 ? 'gem' : 'gems'}: collect ${reward.amount === 1 ? 'it' : 'them'} on Rewards.` : '';
  const notice = `${headline}${rewardLine}`;
  await notify(tx, sale.userId, notice);
  await enqueuePush(tx, deps.clock, sale.userId, { title: pushTitles.salePaid, message: notice, url: transactionUrl(sale.id), tag: `sale:${sale.id}` });
  const [customer] = await tx.select({ email: users.email, fullName: users.fullName }).from(users).where(eq(users.id, sale.userId)).limit(1);
  if (!customer) throw new Error(`sale ${sale.id} has no customer`);
  await enqueueEmail(tx, deps.clock, {
    to: customer.email,
    subject: `Your ${sale.title} sale has been paid`,
    text: [
      `Hello ${customer.fullName},`,
      '',
      headline,
      `Payment reference: ${providerReference}`,
      ...(reward ? ['', `You earned ${reward.amount} ${reward.amount === 1 ? 'gem' : 'gems'} for this sale: collect ${reward.amount === 1 ? 'it' : 'them'} on the Rewards page.`] : []),
      ...(deps.appUrl ? ['', `See the transaction: ${deps.appUrl.replace(/\/$/, '')}/homepage/history/${sale.id}`] : []),
      '',
      'Thank you for selling with Wise.',
      '',
      'Wise',
    ].join('\n'),
  });
}

/** The provider says the transfer succeeded: the attempt and the sale, in one transaction. Idempotent. */
export async function settlePayoutSuccess(db: Db, deps: PayoutDeps, payoutId: string, transferCode: string | null): Promise<SettleResult> {
  return db.transaction(async (tx) => {
    const payout = await lockPayout(tx, payoutId);
    if (!payout) throw new Error(`payout ${payoutId} not found`);
    if (payout.status === 'success') return 'already';
    if (payout.status === 'failed') {
      // A definite failure was reported before (or staff have moved on): money may have moved twice.
      deps.logger?.error({ payoutId, saleId: payout.saleId, reference: payout.reference }, 'payout reported successful after it was recorded as failed: check with the provider');
      return 'conflict';
    }
    const now = deps.clock.now();
    const providerReference = transferCode ?? payout.providerReference ?? payout.reference;
    if (payout.status === 'queued') await tx.update(payouts).set({ status: 'sending', sentAt: payout.sentAt ?? now }).where(eq(payouts.id, payoutId));
    await tx
      .update(payouts)
      .set({ status: 'success', settledAt: now, providerReference, sentAt: payout.sentAt ?? now })
      .where(eq(payouts.id, payoutId));
    await paySale(tx, deps, payout, providerReference);
    deps.logger?.info({ payoutId, saleId: payout.saleId, reference: payout.reference, providerReference }, 'payout succeeded; sale paid');
    return 'settled';
  });
}

/** The provider says the transfer failed (or refused it): the attempt fails, the sale stays approved for staff. */
export async function settlePayoutFailure(db: Db, deps: PayoutDeps, payoutId: string, reason: string, transferCode: string | null): Promise<SettleResult> {
  return db.transaction(async (tx) => {
    const payout = await lockPayout(tx, payoutId);
    if (!payout) throw new Error(`payout ${payoutId} not found`);
    if (payout.status === 'failed') return 'already';
    if (payout.status === 'success') {
      deps.logger?.error({ payoutId, saleId: payout.saleId, reference: payout.reference, reason }, 'payout reported failed or reversed after it was recorded as paid: check with the provider');
      return 'conflict';
    }
    const now = deps.clock.now();
    await tx
      .update(payouts)
      .set({ status: 'failed', settledAt: now, failureReason: clip(reason.trim() || 'The transfer failed', REASON_MAX), providerReference: transferCode ?? payout.providerReference })
      .where(eq(payouts.id, payoutId));
    deps.logger?.warn({ payoutId, saleId: payout.saleId, reference: payout.reference, reason }, 'payout failed; the sale waits for staff (retry or manual payment)');
    return 'settled';
  });
}

/** Accepted by the provider, not final yet. */
export async function markPayoutPending(db: Db, clock: Clock, payoutId: string, transferCode: string | null): Promise<boolean> {
  const payout = (await db.select().from(payouts).where(eq(payouts.id, payoutId)))[0];
  if (!payout || (payout.status !== 'sending' && payout.status !== 'pending')) return false;
  const moved = await db
    .update(payouts)
    .set({ status: 'pending', providerReference: transferCode ?? payout.providerReference, sentAt: payout.sentAt ?? clock.now() })
    .where(and(eq(payouts.id, payoutId), inArray(payouts.status, ['sending', 'pending'])))
    .returning({ id: payouts.id });
  return moved.length === 1;
}
