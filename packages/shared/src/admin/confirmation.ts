import { z } from 'zod';
import { passkeyLoginSchema } from '../passkeys';
import { confirmCodeMessage, confirmCodeSchema } from './common';

/**
 * How a staff member confirms a sensitive action (docs/decisions.md §8.3, §8.6): the authenticator
 * code (`confirm_code`) or, for one who enrolled a passkey, a passkey assertion (`confirm_passkey`)
 * over a confirmation challenge asked for by the same session. Every sensitive body spreads these
 * fields; the server's one check (domain/staff/confirm.ts) needs exactly one of the two. Not a
 * refinement here: the web forms omit the fields from these bodies to build their own.
 */
export const staffConfirmPasskeySchema = passkeyLoginSchema;
export type StaffConfirmPasskey = z.infer<typeof staffConfirmPasskeySchema>;

export const staffConfirmationSchema = z.object({
  confirm_code: confirmCodeSchema.optional(),
  confirm_passkey: staffConfirmPasskeySchema.optional(),
});
export type StaffConfirmationInput = z.infer<typeof staffConfirmationSchema>;

/** Spread into a body schema: `z.object({ ..., ...staffConfirmationFields })`. */
export const staffConfirmationFields = staffConfirmationSchema.shape;

export const staffConfirmationMessages = {
  missing: confirmCodeMessage,
  both: 'Confirm with the authenticator code or a passkey, not both',
  passkeyRefused: 'That passkey could not confirm this. Try again or enter the authenticator code.',
  challengeInvalid: 'This passkey request expired or was already used. Try again.',
  usePasskey: 'Use passkey',
  orCode: 'Or enter the code from your authenticator app:',
  passkeyBusy: 'Waiting for your passkey...',
} as const;
