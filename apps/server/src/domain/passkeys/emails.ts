import { customerEmailTexts, textsIn, type Language } from '@wise/shared';
import type { OutgoingMessage } from '#server/providers/messaging/index';

/** Each in the customer's language (users.language; docs/i18n.md). */
export const passkeyAddedEmail = (to: string, device: string, language: Language): OutgoingMessage => {
  const t = textsIn(customerEmailTexts, language).passkeyAdded;
  return { channel: 'email', to, subject: t.subject, text: t.text(device) };
};

export const passkeyRemovedEmail = (to: string, device: string, language: Language): OutgoingMessage => {
  const t = textsIn(customerEmailTexts, language).passkeyRemoved;
  return { channel: 'email', to, subject: t.subject, text: t.text(device) };
};
