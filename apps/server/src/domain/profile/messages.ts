import { OTP_TTL_MS } from '@wise/shared';
import type { OutgoingMessage } from '../../providers/messaging/index';

const minutes = OTP_TTL_MS / 60_000;

export const phoneChangeSms = (to: string, code: string): OutgoingMessage => ({
  channel: 'sms',
  to,
  subject: 'Wise phone number change code',
  text: `Your Wise code is ${code}. Use it to confirm this number on your account. It expires in ${minutes} minutes. Never share it.`,
});

export const emailChangeEmail = (to: string, code: string): OutgoingMessage => ({
  channel: 'email',
  to,
  subject: 'Confirm your new Wise email address',
  text: `Your Wise code is ${code}.\n\nEnter it in the app to make this your account's email address. It expires in ${minutes} minutes.\n\nIf you did not ask for this, ignore this email.`,
});

/** Sent to the address the account had before, so a takeover never goes unnoticed. */
export const contactChangedNotice = (to: string, what: 'phone number' | 'email address'): OutgoingMessage => ({
  channel: 'email',
  to,
  subject: `Your Wise ${what} was changed`,
  text: `The ${what} on your Wise account was just changed.\n\nIf this was you, there is nothing to do. If it was not, reset your password and contact support right away.`,
});
