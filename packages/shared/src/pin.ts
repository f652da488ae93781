import { z } from 'zod';
import { PIN_LENGTH } from './constants';
import { requiredString } from './fields';
import { fieldMessages as m } from './messages';

/** SPEC §5: required ('PIN is required'), exactly 4 digits ('Invalid PIN'). */
export const pinField = requiredString(m.pinRequired).regex(new RegExp(`^\\d{${PIN_LENGTH}}$`), m.pinInvalid);

/** The first PIN screen (/homepage/pinset). */
export const pinEntrySchema = z.strictObject({ pin: pinField });
export type PinEntryInput = z.infer<typeof pinEntrySchema>;

/** The current PIN, asked first when a PIN is already set (a deviation: SPEC lets anyone overwrite it). */
export const currentPinSchema = z.strictObject({ current_pin: pinField });

/**
 * POST /api/pin. `current_pin` is required by the server when a PIN already exists; the
 * confirmation must equal the PIN ('Pin does not match').
 */
export const setPinSchema = z
  .strictObject({ pin: pinField, confirm_pin: requiredString(m.pinRequired), current_pin: pinField.optional() })
  .refine((v) => v.pin === v.confirm_pin, { message: m.pinMismatch, path: ['confirm_pin'] });
export type SetPinInput = z.infer<typeof setPinSchema>;

export const verifyPinSchema = z.strictObject({ pin: pinField });
export type VerifyPinInput = z.infer<typeof verifyPinSchema>;

export const PIN_STATUSES = ['pending', 'set'] as const;
export const pinStatusResponseSchema = z.object({ pin_status: z.enum(PIN_STATUSES) });
export type PinStatusResponse = z.infer<typeof pinStatusResponseSchema>;

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
