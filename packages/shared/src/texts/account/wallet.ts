/** /account (Wallet). */
export const walletTexts = {
  title: 'Wallet',
  intro: 'Where we pay you for your gift card and crypto sales',
  emptyTitle: 'No bank details yet',
  emptyText: 'Add the account we should pay you into when your sales are approved.',
  bankDetails: 'Bank details',
  bankName: 'Bank name',
  bankAccount: 'Bank account',
  accountName: 'Account name',
  setPin: 'Set PIN',
  /** The same link once the PIN is set: it leads to changing it. */
  changePin: 'Change PIN',
  update: 'Update Bank Details',
} as const;
