export const popularCryptoTexts = {
  loading: 'Loading popular cryptocurrency',
  none: 'No trending coins right now.',
  heading: 'Popular cryptocurrency',
  seeLess: 'See Less',
  seeMore: 'See More',
  /** The mark on a coin we buy, beside display-only ones. */
  weBuy: 'We buy',
  nairaNote: 'Naira prices: what we pay for each coin we buy. Other coins at our USDT rate, as a guide.',
} as const;
