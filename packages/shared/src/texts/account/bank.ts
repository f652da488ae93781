/** The Wallet tab and the bank-details screens' own words (docs/product.md §2); the server's answers are bankMessages. */

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
  update: 'Update Bank Details',
} as const;

/** /account/updatebank and its form. */
export const updateBankTexts = {
  title: 'Update Bank Details',
  intro: 'We pay your sales into this account. The name must be yours.',
  loading: 'Loading',
  bankName: 'Bank name',
  bankPlaceholder: 'Select your bank',
  accountNumber: 'Account number',
  accountPlaceholder: '10 digits, e.g. 0123456789',
  pin: 'Transaction PIN',
  submit: 'Submit',
  submitting: 'Submitting...',
  failed: 'Could not update your bank details. Please try again',
  checkingName: 'Checking account name...',
  lookupFailed: 'We could not verify this account',
} as const;

export const accountSuccessTexts = {
  pageTitle: 'Bank details',
  goHome: 'Go to Home',
} as const;

/** "Confirm account" before a sale. */
export const bankConfirmTexts = {
  loading: 'Loading bank details',
  addFirst: 'Add your bank details first',
  add: 'Add bank details',
  bankDetails: 'Bank details',
  payInto: 'We will pay into',
  bankName: 'Bank name',
  accountNumber: 'Account number',
  accountName: 'Account name',
  change: 'Change bank details',
  continue: 'Continue',
} as const;
