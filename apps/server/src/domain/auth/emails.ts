import type { OutgoingMessage } from '../../providers/messaging/index';

export const signupOtpEmail = (to: string, code: string): OutgoingMessage => ({
  channel: 'email',
  to,
  subject: `${code} is your Wise verification code`,
  text: `Welcome to Wise!\n\nYour verification code is ${code}. It expires in 10 minutes.\n\nIf you did not create a Wise account, you can ignore this e-mail.`,
});

export const passwordResetEmail = (to: string, link: string): OutgoingMessage => ({
  channel: 'email',
  to,
  subject: 'Reset your Wise password',
  text: `We received a request to reset your Wise password.\n\nOpen this link within 30 minutes to choose a new one:\n${link}\n\nIf you did not ask for this, ignore this e-mail: your password stays the same.`,
});

export const passwordChangedEmail = (to: string): OutgoingMessage => ({
  channel: 'email',
  to,
  subject: 'Your Wise password was changed',
  text: 'Your Wise password was just changed and every other device was signed out.\n\nIf this was not you, reset your password now and contact support.',
});
