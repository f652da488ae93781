export const coinListTexts = {
  loading: 'Loading coins',
} as const;
