import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { billOrders } from '#server/db/schema/index';
import { enqueue } from '#server/jobs/queue';
import { BILL_REQUERY_JOB, requeryJobKey, settleBillOrder, type Verdict } from './authorise';
import { findOrderRow } from './orders';
import type { BillDeps } from './settings';

/**
 * Settling orders whose outcome was unknown (docs/decisions.md §5: "a provider that times out leaves the
 * order processing and a background job re-queries the provider until it settles").
 *
 * - The status-query job (`bills.requery`) asks the provider about the order's request id and
 *   settles it; while the provider says nothing definite the job fails and the queue asks again
 *   with back-off.
 * - The recovery sweep (`bills.recover_orders`) finds processing orders that have no live
 *   status-query job — the process died between the hold and the provider's answer before the
 *   job could be written, or the job gave up — and gives each a new one.
 */

export type RequeryOutcome = 'settled' | 'not-processing' | 'pending';

/** One status query for one order, and its settlement when the answer is definite. */
export async function requeryBillOrder(db: Db, deps: BillDeps, orderId: string): Promise<RequeryOutcome> {
  const order = await findOrderRow(db, orderId);
  if (!order || order.status !== 'processing' || !order.authorisedAt) return 'not-processing';
  const provider = order.kind === 'airtime' ? deps.airtime : deps.bills;
  const status = await provider.queryStatus(order.requestId);
  let verdict: Verdict;
  switch (status.outcome) {
    case 'successful':
      verdict = { outcome: 'successful', token: status.token, units: status.units, providerMessage: status.message };
      break;
    case 'failed':
      verdict = { outcome: 'failed', providerMessage: status.message, unreached: false, refusal: status.refusal ?? null };
      break;
    case 'not_found': {
      // Before the grace period the purchase may still be on its way to the provider.
      const sinceMs = deps.clock.now().getTime() - order.authorisedAt.getTime();
      if (sinceMs < deps.settings.notFoundGraceMs) return 'pending';
      verdict = { outcome: 'failed', providerMessage: null, unreached: true };
      break;
    }
    case 'pending':
      return 'pending';
  }
  const settled = await settleBillOrder(db, deps, orderId, verdict);
  return settled.status === 'processing' ? 'pending' : 'settled';
}

/** The order's outcome is still unknown: the job fails this attempt and the queue asks again later. */
export class StillProcessing extends Error {
  override name = 'StillProcessing';
}

const RECOVERY_BATCH = 100;

/**
 * Gives every stale processing order without a live status-query job a new one (its next
 * generation). Two sweeps at once give an order one job: the generation moves only for the
 * sweep whose UPDATE still sees the old one. Returns the orders it picked up.
 */
export async function recoverStuckOrders(db: Db, deps: BillDeps): Promise<string[]> {
  const now = deps.clock.now();
  const staleBefore = new Date(now.getTime() - deps.settings.staleAfterMs);
  const stuck = await db
    .select({ id: billOrders.id, generation: billOrders.requeryGeneration })
    .from(billOrders)
    .where(
      and(
        eq(billOrders.status, 'processing'),
        lte(billOrders.authorisedAt, staleBefore),
        sql`NOT EXISTS (SELECT 1 FROM jobs WHERE jobs.singleton_key = ${`${BILL_REQUERY_JOB}:`} || ${billOrders.id}::text || ':' || ${billOrders.requeryGeneration}::text AND jobs.status IN ('queued', 'running'))`,
      ),
    )
    .orderBy(asc(billOrders.authorisedAt), asc(billOrders.id))
    .limit(RECOVERY_BATCH);
  const picked: string[] = [];
  for (const order of stuck) {
    const next = order.generation + 1;
    const moved = await db.transaction(async (tx) => {
      const [bumped] = await tx
        .update(billOrders)
        .set({ requeryGeneration: next })
        .where(and(eq(billOrders.id, order.id), eq(billOrders.status, 'processing'), eq(billOrders.requeryGeneration, order.generation)))
        .returning({ id: billOrders.id });
      if (!bumped) return false;
      await enqueue(
        tx,
        BILL_REQUERY_JOB,
        { orderId: order.id },
        { runAt: now, singletonKey: requeryJobKey(order.id, next), maxAttempts: deps.settings.requeryMaxAttempts },
      );
      return true;
    });
    if (moved) picked.push(order.id);
  }
  return picked;
}
