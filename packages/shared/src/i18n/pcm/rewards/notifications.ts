import { pair, type TextPair } from '../../index';
import { notificationTexts } from '../../../plain/notifications';

const notYou = 'If na no you do am, contact support sharp sharp.';

/** The notices the server writes in the customer's language (the screen's own words are the sales group's). */
export const notificationPairs: readonly TextPair[] = [
  pair(notificationTexts, {
    pinSet: 'your transaction PIN don set.',
    pinChanged: `your transaction PIN don change. ${notYou}`,
    bankDetailsChanged: (bankName, maskedAccount) => `your payout bank details don change to ${bankName} ${maskedAccount}. ${notYou}`,
    bankDetailsAdded: (bankName, maskedAccount) => `your payout bank details don enter: ${bankName} ${maskedAccount}.`,
    passwordChanged: `your password don change. ${notYou}`,
    phoneChanged: (maskedPhone) => `your phone number don change to ${maskedPhone}. ${notYou}`,
    emailChanged: (email) => `your email address don change to ${email}. ${notYou}`,
    passkeyAdded: (device) => `dem don add passkey to your account (${device}). ${notYou}`,
    passkeyRemoved: (device) => `dem don remove passkey from your account (${device}). ${notYou}`,
    pinResetBySupport:
      'Wise support don reset your transaction PIN. Set new PIN before your next transaction. If na no you ask for am, contact support sharp sharp.',
  }),
];
