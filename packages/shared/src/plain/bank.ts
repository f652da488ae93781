/*
 * The part of bank.ts that needs no zod (messages, constants, plain helpers), apart so a screen
 * that only shows these does not download zod with the schemas (the JavaScript budgets, docs/PERFORMANCE.md). bank.ts
 * re-exports all of it: import from '@wise/shared' as before.
 */

export const bankMessages = {
  updated: 'Bank details updated successfully',
  unknownBank: 'Choose a bank from the list',
  pinRequired: 'Enter your transaction PIN to change your bank details',
  pinNotSet: 'Set your transaction PIN before changing your bank details',
  /** A first payout account with no PIN set: the password is the proof a cookie alone lacks (docs/identity.md). */
  passwordRequired: 'Enter your password to add your payout account',
  unresolved: 'We could not find an account with this number at the chosen bank. Check the details and try again',
  lookupUnavailable: 'We could not verify the account right now. Please try again shortly',
  /** The resolved name is not the customer's (see plain/name-match.ts): payouts go only to their own account. */
  nameMismatch: 'The name on this account does not match the name on your profile. Payouts can only go to an account in your own name',
  /** E-mailed when the payout account changes (also shown in the app as a notification). */
  changedEmailSubject: 'Your Wise payout bank account was changed',
  changedEmailText: (bankName: string, maskedAccount: string) =>
    `The bank account your Wise payouts go to was just changed to ${bankName} ${maskedAccount}. Your other signed-in devices were signed out.\n\n` +
    'If this was you, there is nothing to do. If it was not, reset your password and contact support right away.',
} as const;

/** Stable codes for the bank-details failures a screen may branch on. */
export const bankErrorCodes = {
  unresolved: 'BANK_ACCOUNT_UNRESOLVED',
  lookupUnavailable: 'BANK_LOOKUP_UNAVAILABLE',
  pinRequired: 'PIN_REQUIRED',
  passwordRequired: 'PASSWORD_REQUIRED',
  nameMismatch: 'BANK_ACCOUNT_NAME_MISMATCH',
} as const;

/** How the resolved account name fits the customer's (stored on the details and on each sale). */
export const ACCOUNT_NAME_MATCHES = ['match', 'partial'] as const;
export type AccountNameMatch = (typeof ACCOUNT_NAME_MATCHES)[number];

/** ******7890: only the last four digits of an account number are ever repeated back. */
export const maskAccountNumber = (account: string) => `${'*'.repeat(Math.max(0, account.length - 4))}${account.slice(-4)}`;
