/**
 * The verification tiers' payout limits (docs/features.md, "Verification tiers and limits") are small by
 * default (₦100,000 a day at tier 0), and almost every test sells more than that for a new
 * customer. Tests run with limits out of the way unless they test the limits: the apps they build
 * get these settings (written into the database at start) and the migrated template gets the same
 * row. The limits' own tests pass their figures in `env` or write the row themselves.
 */
const UNBOUNDED_NAIRA = '10000000000';

export const unboundedPayoutLimitsEnv: Record<string, string> = {
  TIER0_DAILY_PAYOUT_NAIRA: UNBOUNDED_NAIRA,
  TIER0_TOTAL_PAYOUT_NAIRA: UNBOUNDED_NAIRA,
  TIER1_DAILY_PAYOUT_NAIRA: UNBOUNDED_NAIRA,
  TIER2_DAILY_PAYOUT_NAIRA: UNBOUNDED_NAIRA,
};

export const unboundedPayoutLimitsSql = `UPDATE payout_limit_settings SET tier0_daily_kobo = ${UNBOUNDED_NAIRA}00, tier0_total_kobo = ${UNBOUNDED_NAIRA}00, tier1_daily_kobo = ${UNBOUNDED_NAIRA}00, tier2_daily_kobo = ${UNBOUNDED_NAIRA}00`;
