/** The frame of every modify screen. */
export const profileFormTexts = {
  loading: 'Loading',
} as const;
