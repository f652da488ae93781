import { z } from 'zod';
import { formatKobo } from './plain/sales';

/**
 * Reward levels (README, "Reward levels"): a paid sale earns gems per ₦1,000 at the rate of the
 * customer's level, set by their paid volume over the last 30 days before that sale.
 */

export const REWARD_LEVELS_MAX = 10;
export const REWARD_LEVEL_RATE_MAX = 100;
export const REWARD_LEVEL_NAME_MAX = 40;
/** The window the paid volume is summed over. */
export const REWARD_LEVEL_WINDOW_DAYS = 30;

export const rewardLevelSchema = z.object({
  name: z.string(),
  min_volume_kobo: z.number().int().nonnegative(),
  gems_per_1000_naira: z.number().int().positive(),
});
export type RewardLevel = z.infer<typeof rewardLevelSchema>;

/** GET /api/rewards/level: the customer's level, 30-day paid volume and the way to the next level. */
export const rewardLevelResponseSchema = z.object({
  level: rewardLevelSchema,
  volume_kobo: z.number().int().nonnegative(),
  /** Null at the top level. */
  next_level: rewardLevelSchema.nullable(),
  /** Paid volume still needed to reach the next level; 0 at the top. */
  remaining_kobo: z.number().int().nonnegative(),
});
export type RewardLevelResponse = z.infer<typeof rewardLevelResponseSchema>;

export const rewardLevelTexts = {
  title: 'Your reward level',
  rate: (gems: number) => `${gems} ${gems === 1 ? 'gem' : 'gems'} per ₦1,000`,
  volume: (volumeKobo: number) => `${formatKobo(volumeKobo)} paid in the last ${REWARD_LEVEL_WINDOW_DAYS} days`,
  toNext: (remainingKobo: number, next: string) => `Sell ${formatKobo(remainingKobo)} more in ${REWARD_LEVEL_WINDOW_DAYS} days to reach ${next}`,
  top: 'Top level',
  topLine: 'You earn the highest rate on every sale.',
  progressLabel: (next: string) => `Progress to ${next}`,
  loadFailed: 'We could not load your reward level.',
} as const;
