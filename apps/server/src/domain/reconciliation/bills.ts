import { billMessages } from '@wise/shared';
import { and, gte, inArray, isNotNull, lt } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { billOrders } from '#server/db/schema/index';
import type { AirtimeProvider } from '#server/providers/airtime/index';
import type { BillsProvider, StatusResult } from '#server/providers/bills/index';
import type { DayComparison, Finding } from './findings';

/**
 * The bills side of the daily reconciliation. The bill services list nothing, so each order of
 * the day that reached the provider (authorised: the request left with its request id) is asked
 * about again (`queryStatus`) and the answer compared with what we recorded:
 *
 * - provider delivered, we refunded the gems → `status_differs` (the customer has both);
 * - provider failed, we captured the gems → `status_differs` (the customer paid for nothing);
 * - provider knows no such request while we recorded a delivery, or a refusal it gave us →
 *   `missing_at_provider` (an order we failed because the request never reached it is consistent);
 * - provider charged another amount than the order (when it says: `amountNaira`) → `amount_differs`.
 *
 * Orders still processing are the status-query job's; a provider that cannot answer now leaves
 * the order unchecked (counted on the run; a rerun asks again).
 */

type Order = typeof billOrders.$inferSelect;

const oursJson = (order: Order) => ({
  order_id: order.id,
  kind: order.kind,
  service: order.service,
  status: order.status,
  amount_naira: order.amount,
  message: order.message,
  authorised_at: order.authorisedAt?.toISOString() ?? null,
  settled_at: order.settledAt?.toISOString() ?? null,
});

const theirsJson = (status: StatusResult) => ({
  outcome: status.outcome,
  message: 'message' in status ? status.message : null,
  amount_naira: 'amountNaira' in status ? (status.amountNaira ?? null) : null,
});

/** Whole naira the provider charged, when it said (docs/product.md §9: the integer part is what is sent). */
const chargedNaira = (status: StatusResult): number | null => {
  if (status.outcome !== 'successful' && status.outcome !== 'failed') return null;
  if (status.amountNaira === undefined || status.amountNaira === null) return null;
  const value = Number(status.amountNaira);
  return Number.isFinite(value) ? Math.trunc(value) : null;
};

export function compareOrder(order: Order, status: StatusResult): Finding[] | 'unchecked' {
  if (status.outcome === 'pending') return 'unchecked';
  const pair = { reference: order.requestId, ours: oursJson(order), theirs: theirsJson(status) };
  if (status.outcome === 'not_found') {
    const neverReached = order.status === 'failed' && order.message === billMessages.providerUnreachable;
    return neverReached ? [] : [{ kind: 'missing_at_provider', ...pair, theirs: { outcome: 'not_found' } }];
  }
  const findings: Finding[] = [];
  if ((status.outcome === 'successful') !== (order.status === 'successful')) findings.push({ kind: 'status_differs', ...pair });
  const charged = chargedNaira(status);
  if (status.outcome === 'successful' && charged !== null && charged !== order.amount) findings.push({ kind: 'amount_differs', ...pair });
  return findings;
}

export async function compareBillsDay(
  db: Db,
  providers: { airtime: AirtimeProvider; bills: BillsProvider },
  from: Date,
  to: Date,
): Promise<DayComparison> {
  const orders = await db
    .select()
    .from(billOrders)
    .where(
      and(
        isNotNull(billOrders.authorisedAt),
        gte(billOrders.authorisedAt, from),
        lt(billOrders.authorisedAt, to),
        inArray(billOrders.status, ['successful', 'failed', 'processing']),
      ),
    );
  const findings: Finding[] = [];
  let uncheckedCount = 0;
  let asked = 0;
  for (const order of orders) {
    if (order.status === 'processing') {
      uncheckedCount += 1;
      continue;
    }
    const provider = order.kind === 'airtime' ? providers.airtime : providers.bills;
    const status = await provider.queryStatus(order.requestId);
    asked += 1;
    const result = compareOrder(order, status);
    if (result === 'unchecked') uncheckedCount += 1;
    else findings.push(...result);
  }
  return { oursCount: orders.length, theirsCount: asked, uncheckedCount, findings };
}
