/*
 * The part of notifications.ts that needs no zod (messages, constants, plain helpers), apart so a screen
 * that only shows these does not download zod with the schemas (the JavaScript budgets, docs/PERFORMANCE.md). notifications.ts
 * re-exports all of it: import from '@wise/shared' as before.
 */

/** A page of the list unless `limit` asks for another size (at most NOTIFICATIONS_PAGE_MAX). */
export const NOTIFICATIONS_PAGE_SIZE = 30;
export const NOTIFICATIONS_PAGE_MAX = 100;
/** Opaque keyset cursors are short base64url strings; anything longer is not ours. */
export const NOTIFICATION_CURSOR_MAX = 200;
export const NOTIFICATION_MAX_LENGTH = 500;

/**
 * What a notification about no transaction is about, so its row opens that screen (the web app's
 * `notificationTopicHref`): a fired rate alert, the PIN, the payout bank, the sign-in details
 * (password, phone, e-mail, passkeys), identity verification, rewards and invites. Migration 0050
 * refuses any other word.
 */
export const NOTIFICATION_TOPICS = ['rates', 'pin', 'bank', 'security', 'identity', 'rewards'] as const;
export type NotificationTopic = (typeof NOTIFICATION_TOPICS)[number];

/** docs/product.md §2: messages are shown with their first letter capitalised. */
export const capitalizeFirst = (text: string) => (text ? text.charAt(0).toUpperCase() + text.slice(1) : text);

const notYou = 'If this was not you, contact support right away.';
/** What the server writes on each event (docs/decisions.md §5 adds sales, purchases and gems later). */
export const notificationTexts = {
  pinSet: 'your transaction PIN was set.',
  pinChanged: `your transaction PIN was changed. ${notYou}`,
  bankDetailsChanged: (bankName: string, maskedAccount: string) =>
    `your payout bank details were changed to ${bankName} ${maskedAccount}. ${notYou}`,
  bankDetailsAdded: (bankName: string, maskedAccount: string) => `your payout bank details were added: ${bankName} ${maskedAccount}.`,
  passwordChanged: `your password was changed. ${notYou}`,
  phoneChanged: (maskedPhone: string) => `your phone number was changed to ${maskedPhone}. ${notYou}`,
  emailChanged: (email: string) => `your email address was changed to ${email}. ${notYou}`,
  passkeyAdded: (device: string) => `a passkey was added to your account (${device}). ${notYou}`,
  passkeyRemoved: (device: string) => `a passkey was removed from your account (${device}). ${notYou}`,
  pinResetBySupport:
    'your transaction PIN was reset by Wise support. Set a new PIN before your next transaction. If you did not ask for this, contact support right away.',
} as const;
