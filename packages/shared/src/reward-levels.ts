import { z } from 'zod';
export {
  REWARD_LEVELS_MAX,
  REWARD_LEVEL_RATE_MAX,
  REWARD_LEVEL_NAME_MAX,
  REWARD_LEVEL_WINDOW_DAYS,
  rewardLevelTexts,
} from './plain/reward-levels';

/**
 * Reward levels (docs/features.md, "Reward levels"): a paid sale earns gems per ₦1,000 at the rate of the
 * customer's level, set by their paid volume over the last 30 days before that sale.
 */

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
