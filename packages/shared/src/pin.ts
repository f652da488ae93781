import { z } from 'zod';
import { PIN_LENGTH } from './constants';
import { requiredString } from './fields';
import { fieldMessages as m } from './messages';
import { PIN_STATUSES } from './plain/pin';

export { PIN_STATUSES, pinMessages, pinErrorCodes } from './plain/pin';

/** docs/product.md §5: required ('PIN is required'), exactly 4 digits ('Invalid PIN'). */
export const pinField = requiredString(m.pinRequired).regex(new RegExp(`^\\d{${PIN_LENGTH}}$`), m.pinInvalid);

/** The first PIN screen (/homepage/pinset). */
export const pinEntrySchema = z.strictObject({ pin: pinField });
export type PinEntryInput = z.infer<typeof pinEntrySchema>;

/** The current PIN, asked first when a PIN is already set (a deviation: the product rules let anyone overwrite it). */
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
export const pinStatusResponseSchema = z.object({ pin_status: z.enum(PIN_STATUSES) });
export type PinStatusResponse = z.infer<typeof pinStatusResponseSchema>;
