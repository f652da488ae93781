import { sql } from 'drizzle-orm';
import { addDays, localDateAt, startOfLocalDate } from '@wise/shared';
import type { ReviewTimes, ReviewTimesDay } from '@wise/shared/admin';
import type { Db } from '#server/db/client';
import type { Clock } from '#server/lib/clock';

/**
 * Time to decision and time to paid per day (docs/back-office.md, the dashboard's chart): for
 * each local day (APP_TIMEZONE) of the last `days`, today included, the median and 90th
 * percentile (percentile_cont) of submission → decision over the sales decided that day, and of
 * submission → paid over the sales paid that day — what a customer waits. Two grouped queries on
 * sales_decided_idx and sales_paid_at_idx (0026); a day without any is listed with nulls.
 */
export async function getReviewTimes(db: Db, clock: Clock, timeZone: string, days: number): Promise<ReviewTimes> {
  const today = localDateAt(clock.now(), timeZone);
  const first = addDays(today, -(days - 1));
  const start = startOfLocalDate(first, timeZone);
  const end = startOfLocalDate(addDays(today, 1), timeZone);
  type Row = { day: string; n: number; p50: number | null; p90: number | null };
  const grouped = (column: 'decided_at' | 'paid_at') => sql`
    SELECT to_char((${sql.raw(column)} AT TIME ZONE ${timeZone})::date, 'YYYY-MM-DD') AS day,
           count(*)::int AS n,
           round(percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM ${sql.raw(column)} - created_at)))::int AS p50,
           round(percentile_cont(0.9) WITHIN GROUP (ORDER BY extract(epoch FROM ${sql.raw(column)} - created_at)))::int AS p90
    FROM sales
    WHERE ${sql.raw(column)} IS NOT NULL AND ${sql.raw(column)} >= ${start.toISOString()}::timestamptz AND ${sql.raw(column)} < ${end.toISOString()}::timestamptz
    GROUP BY 1`;
  const [decided, paid] = await Promise.all([
    db.execute(grouped('decided_at')) as unknown as Promise<{ rows: Row[] }>,
    db.execute(grouped('paid_at')) as unknown as Promise<{ rows: Row[] }>,
  ]);
  const decidedBy = new Map(decided.rows.map((row) => [row.day, row]));
  const paidBy = new Map(paid.rows.map((row) => [row.day, row]));
  const list: ReviewTimesDay[] = [];
  for (let index = 0; index < days; index += 1) {
    const date = addDays(first, index);
    const d = decidedBy.get(date);
    const p = paidBy.get(date);
    list.push({
      date,
      decided: Number(d?.n ?? 0),
      decision_p50_s: d?.p50 ?? null,
      decision_p90_s: d?.p90 ?? null,
      paid: Number(p?.n ?? 0),
      paid_p50_s: p?.p50 ?? null,
      paid_p90_s: p?.p90 ?? null,
    });
  }
  return { time_zone: timeZone, days: list };
}
