/** Query keys of the rewards feature. */
export const rewardKeys = {
  all: ['rewards'] as const,
  total: () => [...rewardKeys.all, 'total'] as const,
  history: () => [...rewardKeys.all, 'history'] as const,
  level: () => [...rewardKeys.all, 'level'] as const,
};
