import { and, eq, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import { addDays, localDateAt, startOfLocalDate } from '@wise/shared';
import { BILL_ORDER_STUCK_MINUTES, type AdminDashboard } from '@wise/shared/admin';
import type { Db } from '#server/db/client';
import { billOrders, payouts, saleApprovalRequests, sales } from '#server/db/schema/index';
import type { Clock } from '#server/lib/clock';
import { openAlerts } from '../operations/alerts';

/**
 * The back office's front page (docs/decisions.md §8): what is waiting for staff and today's
 * figures. "Today" is the calendar day in APP_TIMEZONE, like the customers' gem days; each figure
 * is one indexed query (sales_review_queue_idx, sales_decided_idx, payouts, bill_orders_processing_idx).
 */

const minutesBetween = (from: Date, to: Date) => Math.max(0, Math.floor((to.getTime() - from.getTime()) / 60_000));
const iso = (value: Date | null | undefined) => value?.toISOString() ?? null;

export async function getDashboard(db: Db, clock: Clock, timeZone: string): Promise<AdminDashboard> {
  const now = clock.now();
  const date = localDateAt(now, timeZone);
  const dayStart = startOfLocalDate(date, timeZone);
  const dayEnd = startOfLocalDate(addDays(date, 1), timeZone);
  const stuckBefore = new Date(now.getTime() - BILL_ORDER_STUCK_MINUTES * 60_000);

  // A sale held for a second approval is the admins' to confirm, counted under its own figure below,
  // not a second time among the sales waiting for a first look.
  const [pending] = await db
    .select({ count: sql<number>`count(*)::int`, oldest: sql<Date | null>`min(${sales.createdAt})`.mapWith(sales.createdAt) })
    .from(sales)
    .where(
      and(
        inArray(sales.status, ['submitted', 'under_review']),
        sql`NOT EXISTS (SELECT 1 FROM ${saleApprovalRequests} r WHERE r.sale_id = ${sales.id} AND r.outcome IS NULL)`,
      ),
    );

  // A decision is an approval when it carries no rejection code, a rejection when it does.
  const [decided] = await db
    .select({
      approved: sql<number>`count(*) FILTER (WHERE ${sales.rejectionCode} IS NULL)::int`,
      rejected: sql<number>`count(*) FILTER (WHERE ${sales.rejectionCode} IS NOT NULL)::int`,
    })
    .from(sales)
    .where(and(gte(sales.decidedAt, dayStart), lt(sales.decidedAt, dayEnd)));

  // Money that left today: successful payouts settled today (a manual record counts when recorded).
  const [paid] = await db
    .select({ count: sql<number>`count(*)::int`, total: sql<string>`coalesce(sum(${payouts.amountKobo}), 0)::text` })
    .from(payouts)
    .where(and(eq(payouts.status, 'success'), gte(payouts.settledAt, dayStart), lt(payouts.settledAt, dayEnd)));

  // Open failures: an approved sale whose attempts have all failed or been reversed (none live).
  const [failed] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(sales)
    .where(
      and(
        eq(sales.status, 'approved'),
        sql`EXISTS (SELECT 1 FROM ${payouts} p WHERE p.sale_id = ${sales.id} AND p.status IN ('failed', 'reversed'))`,
        sql`NOT EXISTS (SELECT 1 FROM ${payouts} p WHERE p.sale_id = ${sales.id} AND p.status NOT IN ('failed', 'reversed'))`,
      ),
    );

  // Successes held for staff: the provider reported another amount or currency (payouts_held_idx).
  const [held] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(payouts)
    .where(eq(payouts.status, 'needs_review'));

  // Open attempts failing to reach the provider now (payouts/delay.ts; payouts_unreachable_idx).
  const [unreachable] = await db
    .select({
      count: sql<number>`count(*)::int`,
      since: sql<Date | null>`min(${payouts.unreachableSince})`.mapWith(payouts.unreachableSince),
      reason: sql<string | null>`(array_agg(${payouts.unreachableReason} ORDER BY ${payouts.unreachableSince} DESC))[1]`,
    })
    .from(payouts)
    .where(and(sql`${payouts.unreachableSince} IS NOT NULL`, inArray(payouts.status, ['queued', 'sending', 'pending'])));

  const [stuck] = await db
    .select({
      count: sql<number>`count(*)::int`,
      oldest: sql<Date | null>`min(${billOrders.authorisedAt})`.mapWith(billOrders.authorisedAt),
    })
    .from(billOrders)
    .where(and(eq(billOrders.status, 'processing'), lte(billOrders.authorisedAt, stuckBefore)));

  // Requests for a second approval no admin has confirmed or declined yet.
  const [awaiting] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(saleApprovalRequests)
    .where(sql`${saleApprovalRequests.outcome} IS NULL`);

  const oldestPending = pending?.oldest ?? null;
  const totalKobo = Number(paid?.total ?? '0');
  if (!Number.isSafeInteger(totalKobo)) throw new RangeError(`payouts total out of range: ${paid?.total}`);
  return {
    pending_sales: {
      count: Number(pending?.count ?? 0),
      oldest_created_at: iso(oldestPending),
      oldest_age_minutes: oldestPending ? minutesBetween(oldestPending, now) : null,
    },
    today: { date, time_zone: timeZone, approved: Number(decided?.approved ?? 0), rejected: Number(decided?.rejected ?? 0) },
    payouts_today: { count: Number(paid?.count ?? 0), total_kobo: totalKobo },
    payouts_failed: { count: Number(failed?.count ?? 0) },
    payouts_held: { count: Number(held?.count ?? 0) },
    payouts_provider_unreachable: {
      count: Number(unreachable?.count ?? 0),
      since: iso(unreachable?.since),
      reason: unreachable?.reason ?? null,
    },
    awaiting_second_approval: { count: Number(awaiting?.count ?? 0) },
    bill_orders_stuck: { count: Number(stuck?.count ?? 0), oldest_authorised_at: iso(stuck?.oldest) },
    alerts: (await openAlerts(db)).map((alert) => ({
      kind: alert.kind,
      title: alert.title,
      detail: alert.detail,
      opened_at: alert.openedAt.toISOString(),
    })),
    generated_at: now.toISOString(),
  };
}
