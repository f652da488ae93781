/*
 * The part of bank.ts that needs no zod (messages, constants, plain helpers), apart so a screen
 * that only shows these does not download zod with the schemas (issue 13's budgets). bank.ts
 * re-exports all of it: import from '@wise/shared' as before.
 */

export const bankMessages = {
  updated: 'Bank details updated successfully',
  unknownBank: 'Choose a bank from the list',
  pinRequired: 'Enter your transaction PIN to change your bank details',
  pinNotSet: 'Set your transaction PIN before changing your bank details',
  unresolved: 'We could not find an account with this number at the chosen bank. Check the details and try again',
  lookupUnavailable: 'We could not verify the account right now. Please try again shortly',
} as const;

/** ******7890: only the last four digits of an account number are ever repeated back. */
export const maskAccountNumber = (account: string) => `${'*'.repeat(Math.max(0, account.length - 4))}${account.slice(-4)}`;
