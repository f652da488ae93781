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
  /** A first payout account with no PIN set needs the password (docs/identity.md). */
  password: 'Your password',
  passwordHint: 'No transaction PIN is set yet, so your password confirms it is you adding this account.',
  submit: 'Submit',
  submitting: 'Submitting...',
  failed: 'Could not update your bank details. Please try again',
  checkingName: 'Checking account name...',
  lookupFailed: 'We could not verify this account',
} as const;
