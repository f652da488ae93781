/*
 * The part of pin.ts that needs no zod (messages, constants, plain helpers), apart so a screen
 * that only shows these does not download zod with the schemas (the JavaScript budgets, docs/PERFORMANCE.md). pin.ts
 * re-exports all of it: import from '@wise/shared' as before.
 */

export const PIN_STATUSES = ['pending', 'set'] as const;

export const pinMessages = {
  set: 'Your transaction PIN has been set',
  changed: 'Your transaction PIN has been changed',
  verified: 'PIN verified',
  notSet: 'Set your transaction PIN first',
  wrong: (attemptsLeft: number) =>
    `Incorrect PIN. ${attemptsLeft} ${attemptsLeft === 1 ? 'attempt' : 'attempts'} left before your PIN is locked`,
  locked: (minutes: number) =>
    `Too many wrong PIN attempts. PIN use is locked; try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`,
  currentRequired: 'Enter your current PIN to change it',
  /** Setting a first PIN once bank details exist: the PIN can move payouts, so the password comes first. */
  reauthRequired: 'Please confirm your password to set your transaction PIN',
  /** The PIN screen's password step (bank details exist, no PIN yet). */
  passwordStepTitle: 'Confirm your password',
  passwordStepText: 'Your PIN will approve changes to your payout bank account, so enter your password first',
  /** E-mailed when the PIN is set or changed (also shown in the app as a notification). */
  changedEmailSubject: 'Your Wise transaction PIN was changed',
  changedEmailText:
    'The transaction PIN on your Wise account was just set or changed. Your other signed-in devices were signed out.\n\n' +
    'If this was you, there is nothing to do. If it was not, reset your password and contact support right away.',
} as const;

/** Stable codes for the PIN failures a screen may branch on. */
export const pinErrorCodes = {
  wrong: 'PIN_WRONG',
  locked: 'PIN_LOCKED',
  notSet: 'PIN_NOT_SET',
  /** The password must be confirmed first (POST /api/profile/password/confirm), as for a phone change. */
  reauthRequired: 'REAUTH_REQUIRED',
} as const;
