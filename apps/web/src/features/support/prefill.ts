import type { SupportContactsResponse } from '@wise/shared';

/**
 * The support contacts with a message already written: WhatsApp's click-to-chat takes it as
 * `text`, a mailto link as `subject` and `body` (RFC 6068: percent-encoded, spaces as %20).
 */
export function prefilledSupportLinks(
  contacts: Pick<SupportContactsResponse, 'whatsapp_url' | 'email_url'>,
  subject: string,
  message: string,
) {
  return {
    whatsapp: `${contacts.whatsapp_url}?text=${encodeURIComponent(message)}`,
    email: `${contacts.email_url}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(message)}`,
  };
}
