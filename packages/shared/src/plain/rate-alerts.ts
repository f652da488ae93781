/*
 * Rate alerts' words, limits and helpers (docs/features.md, "Rates and alerts"), without zod: the alerts
 * part of /rates, loaded only for a signed-in customer. rates.ts re-exports all of it.
 */
import { COINS, type CoinId } from './crypto';
import { formatKobo, formatRate } from './sales';

/** Waiting (not yet fired) alerts a customer may keep; the database refuses the eleventh. */
export const RATE_ALERTS_MAX = 10;

/**
 * What an alert watches, as one form value: `giftcard:<sub-category id>` (naira per unit of the
 * card currency) or `coin:<btc|usdt|bnb|sol>` (naira per whole coin).
 */
export const RATE_ALERT_SUBJECT_PATTERN =
  /^(giftcard:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|coin:(btc|usdt|bnb|sol))$/;
export type RateAlertSubject = `giftcard:${string}` | `coin:${CoinId}`;

export const giftCardSubject = (subcategoryId: string): RateAlertSubject => `giftcard:${subcategoryId}`;
export const coinSubject = (coin: CoinId): RateAlertSubject => `coin:${coin}`;

/** "Bitcoin (BTC)": how a coin is named on /rates and in its alert. */
export const coinTitle = (coin: CoinId) => `${COINS[coin].name} (${COINS[coin].symbol})`;

/** A threshold or a value as the customer reads it: `₦1,500.00/$` for a card, `₦152,000,000.00` for a coin. */
export const rateAlertAmountText = (kobo: number, currency: string | null) =>
  currency ? formatRate(`${Math.floor(kobo / 100)}.${String(kobo % 100).padStart(2, '0')}`, currency) : formatKobo(kobo);

export const rateAlertTexts = {
  heading: 'Rate alerts',
  intro: `Get told once when a rate reaches your target: in the app, on this device and by e-mail. Up to ${RATE_ALERTS_MAX} at a time.`,
  subjectLabel: 'Tell me when',
  thresholdLabel: 'Reaches (₦)',
  thresholdHint: (unit: string) => `Naira ${unit}`,
  create: 'Set alert',
  creating: 'Setting...',
  created: 'Alert set. We will tell you once when it is reached.',
  delete: 'Delete',
  deleteLabel: (label: string) => `Delete the alert for ${label}`,
  deleted: 'Alert deleted',
  empty: 'No alerts yet. Choose a card or coin and the rate you are waiting for.',
  waiting: (amount: string) => `When it reaches ${amount}`,
  spent: (amount: string) => `Reached ${amount}`,
  count: (active: number) => `${active} of ${RATE_ALERTS_MAX} alerts waiting`,
  loadFailed: "Couldn't fetch rate alerts",
  // Refusals (the API's messages).
  subjectRequired: 'Choose a gift card or a coin',
  subjectUnavailable: 'This rate is not available any more. Choose another one',
  limitReached: `You can keep at most ${RATE_ALERTS_MAX} alerts waiting. Delete one to set another`,
  alreadyMet: (current: string) => `It is already ${current}. Choose a higher rate`,
  notFound: 'This alert does not exist',
  // What the customer is told when an alert fires (notification, push and e-mail).
  pushTitle: 'Rate alert',
  fired: (label: string, value: string, threshold: string) =>
    `${label} is now ${value}, at or above your alert of ${threshold}. Sell now on Wise.`,
  emailSubject: (label: string) => `Rate alert: ${label}`,
  emailBody: (name: string, message: string, link: string) =>
    [
      `Hello ${name},`,
      '',
      message,
      '',
      `See today's rates: ${link}`,
      '',
      'This alert has now been used. Set a new one on the rates page whenever you like.',
      '',
      'Wise',
    ].join('\n'),
} as const;

export const rateAlertErrorCodes = {
  limitReached: 'RATE_ALERT_LIMIT',
  alreadyMet: 'RATE_ALERT_ALREADY_MET',
  subjectUnavailable: 'RATE_ALERT_SUBJECT_UNAVAILABLE',
  notFound: 'RATE_ALERT_NOT_FOUND',
} as const;
