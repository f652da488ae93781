/*
 * The part of pin.ts that needs no zod (messages, constants, plain helpers), apart so a screen
 * that only shows these does not download zod with the schemas (issue 13's budgets). pin.ts
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
} as const;

/** Stable codes for the PIN failures a screen may branch on. */
export const pinErrorCodes = {
  wrong: 'PIN_WRONG',
  locked: 'PIN_LOCKED',
  notSet: 'PIN_NOT_SET',
} as const;
