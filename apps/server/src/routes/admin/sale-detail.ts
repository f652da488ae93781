import type { RouteContext } from '#server/context';
import { getSaleForReview, type ReviewReadDeps } from '#server/domain/admin/review/detail';
import { marketSettings } from '#server/domain/crypto/market-cache';

/** One sale as the review screen shows it, with the approval limit it compares the payout against. */
export function saleDetailReader(ctx: RouteContext) {
  const read: ReviewReadDeps = {
    db: ctx.db,
    clock: ctx.clock,
    market: { provider: ctx.marketData, clock: ctx.clock, settings: marketSettings(ctx.config) },
  };
  const approvalLimitKobo = ctx.config.APPROVAL_LIMIT_NAIRA * 100;
  return async (id: string) => ({ sale: { ...(await getSaleForReview(read, id)), approval_limit_kobo: approvalLimitKobo } });
}
