import type { OutgoingMessage } from '../../providers/messaging/index';

export const passkeyAddedEmail = (to: string, device: string): OutgoingMessage => ({
  channel: 'email',
  to,
  subject: 'A passkey was added to your Wise account',
  text: `A passkey (${device}) was just added to your Wise account. It can sign in without your password.\n\nIf this was you, there is nothing to do. If it was not, remove it under Profile → Passkeys, reset your password and contact support right away.`,
});

export const passkeyRemovedEmail = (to: string, device: string): OutgoingMessage => ({
  channel: 'email',
  to,
  subject: 'A passkey was removed from your Wise account',
  text: `A passkey (${device}) was just removed from your Wise account and can no longer sign in.\n\nIf this was not you, reset your password and contact support right away.`,
});
