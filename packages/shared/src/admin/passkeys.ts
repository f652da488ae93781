import { z } from 'zod';
import { passkeyLoginSchema, passkeyRegistrationSchema, passkeySchema } from '../passkeys';
import { confirmCodeSchema } from './common';

/**
 * Staff passkeys (docs/features.md, "Staff passkeys (back office)"): a staff member's second factor instead of the
 * authenticator code at sign-in, and to confirm a sensitive action (./confirmation.ts). Adding or
 * removing one takes the current authenticator code, so a stolen session alone cannot plant a
 * factor. The WebAuthn JSON is the customer passkeys' own.
 */

export const STAFF_PASSKEYS_MAX = 5;

export const staffPasskeyErrorCodes = {
  challengeInvalid: 'STAFF_PASSKEY_CHALLENGE_INVALID',
  refused: 'STAFF_PASSKEY_REFUSED',
  taken: 'STAFF_PASSKEY_TAKEN',
  limitReached: 'STAFF_PASSKEY_LIMIT',
  none: 'STAFF_PASSKEY_NONE',
} as const;

export const staffPasskeyMessages = {
  challengeInvalid: 'This passkey request expired. Try again.',
  refused: 'That passkey could not be verified. Try again or enter the authenticator code.',
  taken: 'This passkey is already registered.',
  limitReached: `You can keep up to ${STAFF_PASSKEYS_MAX} passkeys. Remove one to add another.`,
  none: 'You have no passkey yet: enter the authenticator code.',
  notFound: 'This passkey no longer exists.',
  added: 'Passkey added. Next time, sign in with it instead of the authenticator code.',
  removed: 'Passkey removed.',
  cancelled: 'The passkey request was cancelled.',
  unsupported: 'This browser cannot use passkeys.',
} as const;

/** Starting an enrolment or removing a passkey: the authenticator app's current code. */
export const staffPasskeyCodeSchema = z.strictObject({ code: confirmCodeSchema });
export type StaffPasskeyCodeInput = z.infer<typeof staffPasskeyCodeSchema>;

export const staffPasskeyRegistrationSchema = passkeyRegistrationSchema;
export const staffPasskeyLoginSchema = passkeyLoginSchema;
export const staffPasskeySchema = passkeySchema;
export type StaffPasskey = z.infer<typeof staffPasskeySchema>;
export const staffPasskeyListSchema = z.object({ passkeys: z.array(staffPasskeySchema) });
export type StaffPasskeyList = z.infer<typeof staffPasskeyListSchema>;
export const staffPasskeyAddedSchema = z.object({ passkey: staffPasskeySchema, message: z.string() });
