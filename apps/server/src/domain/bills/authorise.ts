import { and, eq } from 'drizzle-orm';
import {
  billErrorCodes,
  billMessages,
  billNotificationTexts,
  billOrderTitle,
  billRefusalMessage,
  billSuccessText,
  pinErrorCodes,
  pinMessages,
  pushTitles,
  type BillNetwork,
  type BillRefusal,
  type ElectricityProvider,
  type MeterType,
  type TvService,
} from '@wise/shared';
import { textOf } from '../i18n/language';
import type { Db } from '#server/db/client';
import { billOrders } from '#server/db/schema/index';
import { enqueue } from '#server/jobs/queue';
import type { PurchaseResult } from '#server/providers/bills/index';
import { DomainError } from '../errors';
import { captureGemHold, placeGemHold, releaseGemHold } from '../gems/holds';
import { notify } from '../notifications/notify';
import { enqueuePush, transactionUrl } from '../push/notify';
import { verifyPin } from '../pin/service';
import { getOwnOrderRow, toBillOrder, type BillOrderRow } from './orders';
import type { BillDeps } from './settings';

/**
 * The PIN screen's authorisation (docs/decisions.md §5 Bills): PIN verified → gems held → the provider asked
 * once, with the order's request id → the hold captured (successful) or released (failed), or,
 * when the answer is unknown (timeout, 5xx), the order left processing for the status-query job.
 *
 * Once, precisely: the order row is locked and moved awaiting_pin → processing in the same
 * transaction that places the hold and enqueues the status-query job, so of two parallel
 * authorisations one calls the provider and the other is told the order is processing; a
 * settlement locks the row again and acts only on a processing order (`UPDATE … WHERE status =
 * 'processing'`), and the database refuses any other transition and any hold that disagrees.
 */

export const BILL_REQUERY_JOB = 'bills.requery';
/** One status-query job per order and generation (the recovery sweep starts a new generation). */
export const requeryJobKey = (orderId: string, generation: number) => `${BILL_REQUERY_JOB}:${orderId}:${generation}`;
export const holdReference = (orderId: string) => `bill:${orderId}`;

const pinNotSet = () => new DomainError(billErrorCodes.pinNotSet, pinMessages.notSet, 409);
const orderExpired = () => new DomainError(billErrorCodes.orderExpired, billMessages.orderExpired, 409);

/** The PIN service's answer, except that a missing PIN is a 409 here (as the OpenAPI document at /api/docs says). */
async function checkPin(db: Db, deps: BillDeps, userId: string, pin: string): Promise<void> {
  try {
    await verifyPin(db, deps.clock, userId, pin);
  } catch (error) {
    if (error instanceof DomainError && error.code === pinErrorCodes.notSet) throw pinNotSet();
    throw error;
  }
}

/**
 * awaiting_pin → processing, with the gems held and the status-query job queued, all or nothing.
 * Undefined when the order was no longer awaiting its PIN (another authorisation got there first).
 * "Insufficient balance" leaves the order awaiting its PIN with nothing held.
 */
async function claimOrder(db: Db, deps: BillDeps, orderId: string): Promise<BillOrderRow | undefined> {
  const now = deps.clock.now();
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(billOrders).where(eq(billOrders.id, orderId)).for('update');
    if (!row || row.status !== 'awaiting_pin') return undefined;
    const hold = await placeGemHold(tx, deps.clock, {
      userId: row.userId,
      amount: row.amount,
      reference: holdReference(row.id),
      memo: billOrderTitle(toBillOrder(row)).slice(0, 200),
    });
    const [claimed] = await tx
      .update(billOrders)
      .set({ status: 'processing', authorisedAt: now, holdId: hold.id })
      .where(and(eq(billOrders.id, orderId), eq(billOrders.status, 'awaiting_pin')))
      .returning();
    if (!claimed) throw new Error(`bill order ${orderId} changed under its row lock`);
    // Queued now, not after the provider answers: if this process dies mid-call, the job still asks.
    await enqueue(
      tx,
      BILL_REQUERY_JOB,
      { orderId },
      {
        runAt: new Date(now.getTime() + deps.settings.requeryDelayMs),
        singletonKey: requeryJobKey(orderId, 0),
        maxAttempts: deps.settings.requeryMaxAttempts,
      },
    );
    return claimed;
  });
}

/** The one provider call for an order. Never throws: an unexpected error is an unknown outcome. */
export async function purchaseAtProvider(deps: BillDeps, order: BillOrderRow): Promise<PurchaseResult> {
  const base = { requestId: order.requestId, phone: order.phone, amount: order.amount };
  try {
    switch (order.kind) {
      case 'airtime':
        return await deps.airtime.buyAirtime({ ...base, network: order.service as BillNetwork });
      case 'data':
        return await deps.bills.buyData({
          ...base,
          network: order.service as BillNetwork,
          variationCode: order.variationCode ?? '',
          planName: order.planName ?? '',
        });
      case 'tv':
        return await deps.bills.buyTv({
          ...base,
          service: order.service as TvService,
          variationCode: order.variationCode ?? '',
          smartCardNumber: order.customerId ?? '',
        });
      case 'electricity':
        return await deps.bills.buyElectricity({
          ...base,
          provider: order.service as ElectricityProvider,
          meterNumber: order.customerId ?? '',
          meterType: (order.meterType ?? 'prepaid') as MeterType,
        });
    }
  } catch (error) {
    deps.logger?.error(
      { err: error, orderId: order.id },
      'bill provider call threw; the order stays processing until a status query settles it',
    );
    return { outcome: 'unknown', reason: error instanceof Error ? error.message : 'provider call threw' };
  }
}

export type Verdict =
  | { outcome: 'successful'; token: string | null; units: string | null; providerMessage: string | null }
  | { outcome: 'failed'; providerMessage: string | null; unreached: boolean; refusal?: BillRefusal | null };

/**
 * What the customer reads for a refusal, always our own words (docs/i18n.md "Provider refusals"):
 * docs/product.md §4 fixes data's; the others say the reason the provider's code gives, or that it
 * could not complete. The provider's message stays in `provider_message`, for staff.
 */
function failureMessage(order: BillOrderRow, verdict: Extract<Verdict, { outcome: 'failed' }>): string {
  if (verdict.unreached) return billMessages.providerUnreachable;
  return billRefusalMessage(order.kind, verdict.refusal);
}

/**
 * Settles a processing order once: captures (successful) or releases (failed) its hold and
 * records the result, in one transaction under the order's row lock. An order already settled
 * is returned as it is — a late or repeated verdict changes nothing.
 */
export async function settleBillOrder(db: Db, deps: BillDeps, orderId: string, verdict: Verdict): Promise<BillOrderRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(billOrders).where(eq(billOrders.id, orderId)).for('update');
    if (!row) throw new Error(`bill order ${orderId} does not exist`);
    if (row.status !== 'processing' || !row.holdId) return row;
    const now = deps.clock.now();
    const settled =
      verdict.outcome === 'successful'
        ? {
            status: 'successful' as const,
            // Only electricity delivers a token and units (the database allows them nowhere else).
            token: row.kind === 'electricity' ? verdict.token : null,
            units: row.kind === 'electricity' ? verdict.units : null,
            message: billSuccessText[row.kind],
          }
        : { status: 'failed' as const, token: null, units: null, message: failureMessage(row, verdict) };
    if (settled.status === 'successful') await captureGemHold(tx, deps.clock, row.holdId);
    else await releaseGemHold(tx, deps.clock, row.holdId);
    const [updated] = await tx
      .update(billOrders)
      .set({ ...settled, providerMessage: verdict.providerMessage, settledAt: now })
      .where(and(eq(billOrders.id, orderId), eq(billOrders.status, 'processing')))
      .returning();
    if (!updated) throw new Error(`bill order ${orderId} changed under its row lock`);
    const title = billOrderTitle(toBillOrder(updated));
    const message = textOf(billNotificationTexts, (t) =>
      settled.status === 'successful' ? t.successful(title, updated.amount, updated.token, updated.units) : t.failed(title, updated.amount),
    );
    await notify(tx, updated.userId, message, { billOrderId: updated.id });
    await enqueuePush(tx, deps.clock, updated.userId, {
      title: settled.status === 'successful' ? pushTitles.billSuccessful : pushTitles.billFailed,
      message,
      url: transactionUrl(updated.id),
      tag: `bill:${updated.id}`,
    });
    return updated;
  });
}

/** A purchase answer as a verdict; undefined when it settles nothing (unknown). */
export function verdictOf(result: PurchaseResult): Verdict | undefined {
  switch (result.outcome) {
    case 'successful':
      return { outcome: 'successful', token: result.token, units: result.units, providerMessage: result.message };
    case 'failed':
      return { outcome: 'failed', providerMessage: result.message, unreached: result.unreached, refusal: result.refusal ?? null };
    case 'unknown':
      return undefined;
  }
}

/**
 * POST /api/bills/orders/:id/authorise. Returns the order as it stands afterwards: successful,
 * failed, or processing (unknown outcome, or another authorisation is under way). An order
 * already past its PIN is returned as it is, without asking for or checking the PIN again.
 */
export async function authoriseBillOrder(db: Db, deps: BillDeps, userId: string, orderId: string, pin: string): Promise<BillOrderRow> {
  const order = await getOwnOrderRow(db, userId, orderId);
  if (order.status !== 'awaiting_pin') return order;
  if (deps.clock.now().getTime() - order.createdAt.getTime() > deps.settings.pinWindowMs) throw orderExpired();
  await checkPin(db, deps, userId, pin);

  const claimed = await claimOrder(db, deps, orderId);
  if (!claimed) return getOwnOrderRow(db, userId, orderId);

  const result = await purchaseAtProvider(deps, claimed);
  const verdict = verdictOf(result);
  if (!verdict) {
    if (result.outcome === 'unknown')
      deps.logger?.warn({ orderId, reason: result.reason }, 'bill purchase outcome unknown; the status-query job will settle it');
    return getOwnOrderRow(db, userId, orderId);
  }
  return settleBillOrder(db, deps, orderId, verdict);
}
