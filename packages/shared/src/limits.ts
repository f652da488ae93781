import { z } from 'zod';

export {
  KYC_TIERS,
  DEFAULT_PAYOUT_LIMITS_NAIRA,
  DEFAULT_TIER_LIMITS,
  tierLimitTexts,
  PAYOUT_LIMIT_MAX_NAIRA,
  PAYOUT_LIMIT_NOTE_MAX,
  VERIFICATION_PATH,
  limitErrorCodes,
  tierTexts,
  payoutLimitStaffMessage,
  payoutLimitMeta,
  limitStaffTexts,
} from './plain/limits';
export { payoutLimitMessage, payoutLimitMessageIn, payoutLimitTexts, sellingLimitHintTexts } from './plain/limit-messages';
export type { KycTier, PayoutLimitKind, PayoutLimitMeta, TierLimit } from './plain/limits';

const kobo = z.number().int().min(0);

/**
 * GET /api/profile/limits: the customer's tier, their daily payout limit and what of it today's
 * paid and approved sales used (the business day, APP_TIMEZONE); at tier 0 the total as well.
 * `pending_kobo` is what waits for review: it counts towards a new sale's check (docs/decisions.md §5a.8).
 */
export const payoutLimitsSchema = z.object({
  tier: z.number().int().min(0).max(2),
  daily_limit_kobo: kobo,
  used_today_kobo: kobo,
  pending_kobo: kobo,
  /** What a new sale may still be worth today (daily and, at tier 0, total limits, pending sales counted). */
  remaining_today_kobo: kobo,
  /** Tier 0 only: what may be paid in total before verification, and what has been. */
  total_limit_kobo: kobo.nullable(),
  used_total_kobo: kobo.nullable(),
});
export type PayoutLimits = z.infer<typeof payoutLimitsSchema>;
