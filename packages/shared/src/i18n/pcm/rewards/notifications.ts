import { pair, type TextPair } from '../../index';
import { notificationTexts } from '../../../plain/notifications';
import { notificationsScreenTexts } from '../../../texts/rewards/notifications';

const notYou = 'If na no you do am, contact support sharp sharp.';

export const notificationPairs: readonly TextPair[] = [
  pair(notificationsScreenTexts, {
    title: 'Notifications',
    pageTitle: 'Notifications · Wise',
    loading: 'E dey load',
    emptyTitle: 'No notification yet',
    emptyText: 'We go tell you for here when anything happen for your account.',
    unread: 'You never read am',
  }),
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
