import { customerEmailTexts, OTP_TTL_MS, textsIn, type Language } from '@wise/shared';
import type { OutgoingMessage } from '#server/providers/messaging/index';

const minutes = OTP_TTL_MS / 60_000;

/** Each in the customer's language (users.language; docs/i18n.md). */
export const phoneChangeSms = (to: string, code: string, language: Language): OutgoingMessage => {
  const t = textsIn(customerEmailTexts, language).phoneChangeSms;
  return { channel: 'sms', to, subject: t.subject, text: t.text(code, minutes) };
};

export const emailChangeEmail = (to: string, code: string, language: Language): OutgoingMessage => {
  const t = textsIn(customerEmailTexts, language).emailChange;
  return { channel: 'email', to, subject: t.subject, text: t.text(code, minutes) };
};

/** Sent to the address the account had before, so a takeover never goes unnoticed. */
export const contactChangedNotice = (to: string, what: 'phone number' | 'email address', language: Language): OutgoingMessage => {
  const texts = textsIn(customerEmailTexts, language);
  const t = what === 'phone number' ? texts.phoneChanged : texts.emailChanged;
  return { channel: 'email', to, subject: t.subject, text: t.text };
};
