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
