/*
 * The part of push.ts that needs no zod (messages, constants, plain helpers), apart so a screen
 * that only shows these does not download zod with the schemas (the JavaScript budgets, docs/PERFORMANCE.md). push.ts
 * re-exports all of it: import from '@wise/shared' as before.
 */

/**
 * Web Push and the installable app (docs/decisions.md §9.36–§9.37). These texts are not in the product rules:
 * they are deviations, recorded there. The push message's body is the in-app notification's own words, so the two
 * never disagree; only the short title is new.
 */

/** A customer keeps at most this many browsers subscribed; a new one retires the oldest. */
export const PUSH_SUBSCRIPTIONS_PER_CUSTOMER = 10;
export const PUSH_ENDPOINT_MAX_LENGTH = 1000;

export const pushMessages = {
  endpointInvalid: 'Enter a valid https push endpoint (at most 1000 characters).',
  /** Only the browsers' own push services (Firebase, Mozilla, Apple, Windows) on port 443 are accepted. */
  endpointNotAllowed: "This push endpoint is not one of the browsers' push services.",
  p256dhInvalid: "The browser's push key must be a 65-byte P-256 key in base64url.",
  authInvalid: "The browser's push secret must be 16 bytes in base64url.",
  disabled: 'Notifications on this device are not available.',
  subscriptionNotFound: 'This device is not subscribed.',
} as const;

export const pushErrorCodes = {
  disabled: 'PUSH_DISABLED',
  notFound: 'PUSH_SUBSCRIPTION_NOT_FOUND',
  endpointNotAllowed: 'PUSH_ENDPOINT_NOT_ALLOWED',
} as const;

/** The title shown above each push (the body is the notification text). */
export const pushTitles = {
  salePaid: 'Sale paid',
  saleRejected: 'Sale rejected',
  payoutFailed: 'Payout failed',
  payoutDelayed: 'Payout delayed',
  coinsReturned: 'Coins returned',
  billSuccessful: 'Purchase successful',
  billFailed: 'Purchase failed',
} as const;

/** What the customer reads in the app about the installable app and notifications on this device. */
export const pwaTexts = {
  offlineTitle: "You're offline",
  offlineBody: 'Check your connection. What you see may be out of date, and nothing can be sent until you are back online.',
  offlineRetry: 'Retry',
  updateAvailable: 'A new version of Wise is available.',
  updateAction: 'Update',
  updateDismiss: 'Later',
  pushCardTitle: 'Notifications on this device',
  pushCardBody: 'Get told the moment a sale is paid or rejected, or a purchase settles.',
  pushTurnOn: 'Turn on',
  pushTurnOff: 'Turn off',
  pushOn: 'Notifications are on for this device.',
  pushBlocked: 'Notifications are blocked for Wise in your browser settings.',
  pushFailed: "Couldn't turn on notifications. Try again.",
} as const;

export const base64url = (bytes: number) => new RegExp(`^[A-Za-z0-9_-]{${Math.ceil((bytes * 4) / 3)}}$`);
