/*
 * Reward levels' words and limits, without zod (the /rewards screen shows them without
 * downloading the schemas). reward-levels.ts re-exports all of it.
 */
import { formatKobo } from './sales';

export const REWARD_LEVELS_MAX = 10;
export const REWARD_LEVEL_RATE_MAX = 100;
export const REWARD_LEVEL_NAME_MAX = 40;
/** The window the paid volume is summed over. */
export const REWARD_LEVEL_WINDOW_DAYS = 30;

export const rewardLevelTexts = {
  title: 'Your reward level',
  rate: (gems: number) => `${gems} ${gems === 1 ? 'gem' : 'gems'} per ₦1,000`,
  volume: (volumeKobo: number) => `${formatKobo(volumeKobo)} paid in the last ${REWARD_LEVEL_WINDOW_DAYS} days`,
  toNext: (remainingKobo: number, next: string) =>
    `Sell ${formatKobo(remainingKobo)} more in ${REWARD_LEVEL_WINDOW_DAYS} days to reach ${next}`,
  top: 'Top level',
  topLine: 'You earn the highest rate on every sale.',
  progressLabel: (next: string) => `Progress to ${next}`,
  loadFailed: 'We could not load your reward level.',
} as const;
