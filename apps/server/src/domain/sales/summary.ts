import { sql } from 'drizzle-orm';
import { localDateAt, SALES_SUMMARY_FAILED_IDS_MAX, startOfLocalDate, type SalesSummaryResponse } from '@wise/shared';
import type { Db } from '#server/db/client';
import { sales } from '#server/db/schema/index';
import type { Clock } from '#server/lib/clock';
import { latestPayoutFailure } from './detail';

/**
 * The customer's money in motion (Home's "Your sales" and the Wallet), in one statement over their
 * own sales (sales_user_list_idx): what waits for review at its quoted value, what is approved and
 * on its way at the amount approved, what is approved but whose latest payout failed or was
 * reversed (the customer fixes it with new bank details), and what was paid in the business day
 * and month (APP_TIMEZONE) at the amount paid. A rejected sale is in none of them.
 */
export async function getSalesSummary(db: Db, clock: Clock, userId: string, timeZone: string): Promise<SalesSummaryResponse> {
  const now = clock.now();
  const today = localDateAt(now, timeZone);
  const dayStart = startOfLocalDate(today, timeZone);
  const monthStart = startOfLocalDate(`${today.slice(0, 8)}01`, timeZone);
  const failure = sql`(${latestPayoutFailure}) IS NOT NULL`;
  const waiting = sql`${sales.status} IN ('submitted', 'under_review')`;
  const paying = sql`${sales.status} = 'approved' AND NOT ${failure}`;
  const failed = sql`${sales.status} = 'approved' AND ${failure}`;
  const paidSince = (start: Date) => sql`${sales.status} = 'paid' AND ${sales.paidAt} >= ${start.toISOString()}::timestamptz`;
  const approved = sql`coalesce(${sales.payoutAmountKobo}, ${sales.valueKobo})`;
  // Sums as text: bigint past 2^53 must fail loudly below, not round.
  const [row] = await db
    .select({
      waitingCount: sql<number>`count(*) FILTER (WHERE ${waiting})::int`,
      waitingKobo: sql<string>`coalesce(sum(${sales.valueKobo}) FILTER (WHERE ${waiting}), 0)::text`,
      payingCount: sql<number>`count(*) FILTER (WHERE ${paying})::int`,
      payingKobo: sql<string>`coalesce(sum(${approved}) FILTER (WHERE ${paying}), 0)::text`,
      failedCount: sql<number>`count(*) FILTER (WHERE ${failed})::int`,
      failedKobo: sql<string>`coalesce(sum(${approved}) FILTER (WHERE ${failed}), 0)::text`,
      failedIds: sql<
        string[] | null
      >`(array_agg(${sales.id} ORDER BY ${sales.createdAt} DESC) FILTER (WHERE ${failed}))[1:${sql.raw(String(SALES_SUMMARY_FAILED_IDS_MAX))}]`,
      todayCount: sql<number>`count(*) FILTER (WHERE ${paidSince(dayStart)})::int`,
      todayKobo: sql<string>`coalesce(sum(${approved}) FILTER (WHERE ${paidSince(dayStart)}), 0)::text`,
      monthCount: sql<number>`count(*) FILTER (WHERE ${paidSince(monthStart)})::int`,
      monthKobo: sql<string>`coalesce(sum(${approved}) FILTER (WHERE ${paidSince(monthStart)}), 0)::text`,
    })
    .from(sales)
    .where(sql`${sales.userId} = ${userId} AND ${sales.status} <> 'rejected'`);
  const kobo = (text: string | undefined) => {
    const n = Number(text ?? '0');
    if (!Number.isSafeInteger(n)) throw new RangeError(`sales summary total is not a safe integer: ${text}`);
    return n;
  };
  return {
    waiting: { count: row?.waitingCount ?? 0, amount_kobo: kobo(row?.waitingKobo) },
    paying: { count: row?.payingCount ?? 0, amount_kobo: kobo(row?.payingKobo) },
    failed: { count: row?.failedCount ?? 0, amount_kobo: kobo(row?.failedKobo), sale_ids: row?.failedIds ?? [] },
    paid_today: { count: row?.todayCount ?? 0, amount_kobo: kobo(row?.todayKobo) },
    paid_this_month: { count: row?.monthCount ?? 0, amount_kobo: kobo(row?.monthKobo) },
  };
}
