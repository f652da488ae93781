/** Query keys of the rewards feature. */
export const rewardKeys = {
  all: ['rewards'] as const,
  total: ['rewards', 'total'] as const,
  history: ['rewards', 'history'] as const,
};
