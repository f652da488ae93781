import { and, gt, lte, sql } from 'drizzle-orm';
import { REVIEW_TIME_CACHE_SECONDS, REVIEW_TIME_WINDOW_HOURS, type ReviewTimeResponse } from '@wise/shared';
import type { Db } from '#server/db/client';
import { sales } from '#server/db/schema/index';
import type { Clock } from '#server/lib/clock';

/**
 * How long reviews take now (docs/product.md §4: the customer is told the sale is being verified):
 * the median of decided_at − created_at over the sales approved or rejected in the last 24 hours,
 * computed by the database in one statement over sales_decided_idx. decided_at is written once,
 * at the decision, and never rewritten (0019's sale_decision_guard), so the figure cannot drift.
 */
export async function medianReviewTime(db: Db, now: Date): Promise<ReviewTimeResponse> {
  const since = new Date(now.getTime() - REVIEW_TIME_WINDOW_HOURS * 3_600_000);
  const [row] = await db
    .select({
      reviews: sql<number>`count(*)::int`,
      // Whole seconds, rounded by the database: no float leaves it.
      medianSeconds: sql<
        number | null
      >`round(percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM ${sales.decidedAt} - ${sales.createdAt})))::int`,
    })
    .from(sales)
    .where(and(gt(sales.decidedAt, since), lte(sales.decidedAt, now)));
  const reviews = row?.reviews ?? 0;
  const median = row?.medianSeconds ?? null;
  return { median_seconds: reviews > 0 && median !== null ? Math.max(0, median) : null, reviews, window_hours: REVIEW_TIME_WINDOW_HOURS };
}

/**
 * The figure kept for REVIEW_TIME_CACHE_SECONDS per process: every success screen asks for it,
 * and a minute-old median says the same to a customer. One query in flight at a time.
 */
export function reviewTimeCache(db: Db, clock: Clock): () => Promise<ReviewTimeResponse> {
  let kept: { at: number; value: Promise<ReviewTimeResponse> } | undefined;
  return () => {
    const now = clock.now();
    if (kept && now.getTime() - kept.at < REVIEW_TIME_CACHE_SECONDS * 1000) return kept.value;
    const value = medianReviewTime(db, now);
    kept = { at: now.getTime(), value };
    // A failed query is not kept: the next request asks again.
    value.catch(() => {
      if (kept?.value === value) kept = undefined;
    });
    return value;
  };
}
