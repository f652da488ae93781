import { customerEmailTexts, textsIn, type Language } from '@wise/shared';
import type { OutgoingMessage } from '#server/providers/messaging/index';

/** Each in the customer's language (users.language; docs/i18n.md). */
export const signupOtpEmail = (to: string, code: string, language: Language): OutgoingMessage => {
  const t = textsIn(customerEmailTexts, language).signupOtp;
  return { channel: 'email', to, subject: t.subject(code), text: t.text(code) };
};

export const passwordResetEmail = (to: string, link: string, language: Language): OutgoingMessage => {
  const t = textsIn(customerEmailTexts, language).passwordReset;
  return { channel: 'email', to, subject: t.subject, text: t.text(link) };
};

export const passwordChangedEmail = (to: string, language: Language): OutgoingMessage => {
  const t = textsIn(customerEmailTexts, language).passwordChanged;
  return { channel: 'email', to, subject: t.subject, text: t.text };
};
