import { RATES_LINK_TEXT } from '../../../constants';

/** The link to /rates on the landing and on Home: the screens show RATES_LINK_TEXT through translateText. */
export const ratesLinkTexts = { link: RATES_LINK_TEXT } as const;

export const landingTexts = {
  documentTitle: 'Wise · Sell gift cards and crypto',
  cryptoTitle: 'Easy way to invest in cryptocurrency',
  cryptoText: 'Trade all your crypto easily and fast in the market',
  cardsTitle: 'Convenient & Secure Gift Card Trading',
  cardsText: 'Just enjoy trading giftcards',
  slides: 'Choose a slide',
  slide: (index: number, count: number) => `Slide ${index} of ${count}`,
  dashboard: 'Go to my dashboard',
  createAccount: 'Create an account',
  login: 'I have an account. Login',
} as const;
