/** One claim in the rewards history. */

export const rewardRowTexts = {
  points: (points: number) => `${points} gems`,
} as const;
