/**
 * "Contact support about this sale" on a sale that will not be paid (rejected): WhatsApp and
 * e-mail open with the sale's reference already written, so support finds it at once.
 */
export const saleSupportTexts = {
  action: 'Contact support about this sale',
  whatsapp: 'WhatsApp',
  email: 'E-mail',
  /** The accessible names of the two links. */
  whatsappLabel: 'Contact support about this sale on WhatsApp',
  emailLabel: 'Contact support about this sale by e-mail',
  reference: (reference: string) => `Reference: ${reference}`,
  subject: (reference: string) => `Sale ${reference}`,
  message: (title: string, reference: string) => `Hello Wise support, I need help with my sale "${title}" (reference ${reference}).`,
} as const;
