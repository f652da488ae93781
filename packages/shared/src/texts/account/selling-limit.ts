/** The /profile selling-limit card's words besides tierTexts. */
export const sellingLimitTexts = {
  loading: 'Loading',
  retry: 'Retry',
  usedOf: (used: string, limit: string) => `${used} of ${limit}`,
} as const;
