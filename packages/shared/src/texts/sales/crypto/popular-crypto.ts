export const popularCryptoTexts = {
  loading: 'Loading popular cryptocurrency',
  none: 'No trending coins right now.',
  heading: 'Popular cryptocurrency',
  seeLess: 'See Less',
  seeMore: 'See More',
} as const;
