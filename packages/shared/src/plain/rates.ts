/*
 * Public rates and rate alerts (docs/features.md, "Rates and alerts"): the words, limits and plain helpers,
 * without zod, so /rates — a first screen for visitors — stays within the landing screen's
 * JavaScript budget (docs/PERFORMANCE.md): this module imports nothing, so the page's first screen
 * downloads only these words. rates.ts re-exports all of it; the alerts' words and helpers are in
 * rate-alerts.ts, which the page loads with the alerts.
 */

/** The meta description and og:description: sent by the server only, so not in the page's words below. */
export const RATES_PAGE_DESCRIPTION =
  'Live naira rates for every gift card Wise buys (Amazon, Apple, Steam and more) and for BTC, USDT, BNB and SOL, with a calculator. Updated whenever our rates change.';

export const rateTexts = {
  /** The page's <title>, also the shared link's title (og:title, RATES_PAGE_TITLE). */
  title: "Today's gift card and crypto rates in naira · Wise",
  header: 'Rates',
  loading: 'Loading',
  heading: "Today's rates",
  intro: 'What Wise pays in naira for each gift card and coin, right now.',
  giftCardsHeading: 'Gift cards',
  coinsHeading: 'Crypto',
  perCoin: 'per coin',
  ecode: 'e-code',
  physical: 'physical',
  range: (min: string, max: string) => `${min} – ${max}`,
  coinsUnavailable: 'Crypto prices are being updated. Check back in a minute.',
  loadFailed: "Couldn't fetch rates",
  retry: 'Retry',
  calculatorHeading: 'Rate calculator',
  calculatorChoose: 'Card or coin',
  calculatorAmount: (unit: string) => `Amount in ${unit}`,
  calculatorPlaceholder: 'e.g. 100',
  calculatorResult: 'You get',
  calculatorHint: 'A preview: the sell form shows the exact amount before you submit.',
  sellCta: 'Sell now',
  signUpCta: 'Create an account to sell',
  alertsHeading: 'Rate alerts',
  alertsLoggedOut: 'Log in to set rate alerts: we tell you once when a rate reaches your target.',
  logIn: 'Login',
  back: 'Back',
} as const;

/** The page's <title> in English, which the server sends as the shared link's title (og:title). */
export const RATES_PAGE_TITLE = rateTexts.title;
