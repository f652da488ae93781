import { z } from 'zod';
import { loginPasswordField, newPasswordField, requiredString } from '../fields';
import { confirmCodeSchema, staffRoles } from './common';

/**
 * Back office sign-in (docs/decisions.md §8): e-mail and password, then a TOTP second factor (enrolled with a
 * QR code at the first login), then — when someone else chose the password — a new password.
 */

export const staffErrorCodes = {
  /** Signed in with a password someone else chose (admin:create, an admin): change it first. */
  passwordChangeRequired: 'PASSWORD_CHANGE_REQUIRED',
  /** The authenticator code asked before a money-moving action was wrong. */
  confirmationInvalid: 'CONFIRMATION_INVALID',
  accountDisabled: 'STAFF_DISABLED',
  /** The second factor is owed by another route: enrolment when not enrolled, verification when enrolled. */
  wrongStage: 'STAFF_WRONG_STAGE',
} as const;

export const STAFF_PASSWORD_MIN = 12;

export const staffAuthMessages = {
  unauthenticated: 'Please sign in to the back office.',
  loginFailed: 'Incorrect email or password',
  loginThrottled: 'Too many attempts. Try again in 15 minutes.',
  disabled: 'This staff account is disabled. Ask an admin to re-enable it.',
  codeWrong: 'That code is not right. Enter the current 6-digit code from your authenticator app.',
  codeUsed: 'That code was already used. Wait for the next code in your authenticator app.',
  tooManyCodes: 'Too many wrong codes. Sign in again in 15 minutes.',
  alreadyEnrolled: 'Your authenticator app is already set up: enter its code to continue.',
  notEnrolled: 'Set up your authenticator app first.',
  passwordChangeRequired: 'Choose a new password before you continue.',
  currentPasswordWrong: 'Your current password is not right.',
  samePassword: 'Choose a password different from the current one.',
  passwordTooShort: `Use at least ${STAFF_PASSWORD_MIN} characters.`,
  passwordChanged: 'Password changed. Other sessions were signed out.',
  loggedOut: 'Signed out.',
  confirmationInvalid: 'That authenticator code is not right. Enter the current 6-digit code and try again.',
  confirmationLocked: 'Too many wrong authenticator codes: you were signed out for 15 minutes.',
  confirmationNotEnrolled: 'Set up your authenticator app before confirming actions.',
} as const;

/** Staff passwords follow the customer rules and are longer: a staff login reaches everyone's money. */
export const staffPasswordField = newPasswordField.refine(
  (value) => value.length >= STAFF_PASSWORD_MIN,
  staffAuthMessages.passwordTooShort,
);

/**
 * Staff e-mails are any work address (the original customer pattern is narrower: `.com` only). Stored
 * lower-cased.
 */
export const staffEmailField = requiredString()
  .max(254, 'Use at most 254 characters.')
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, 'Enter a valid e-mail address.');

export const staffLoginSchema = z.strictObject({ email: staffEmailField, password: loginPasswordField });
export type StaffLoginInput = z.infer<typeof staffLoginSchema>;

/**
 * What the login asks for next: set up the authenticator app, or enter its code; `passkey` (only when
 * true) says one of the staff member's passkeys may be given instead of the code.
 */
export const staffLoginResponseSchema = z.object({ next: z.enum(['enrol', 'verify']), passkey: z.literal(true).optional() });
export type StaffLoginResponse = z.infer<typeof staffLoginResponseSchema>;

export const staffEnrolmentSchema = z.object({
  /** Base32, for typing into the app by hand. */
  secret: z.string(),
  otpauth_url: z.string(),
  /** The QR code as SVG markup, made on the server. */
  qr_svg: z.string(),
});
export type StaffEnrolment = z.infer<typeof staffEnrolmentSchema>;

export const staffCodeSchema = z.strictObject({ code: confirmCodeSchema });
export type StaffCodeInput = z.infer<typeof staffCodeSchema>;

export const staffMeSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(staffRoles),
  must_change_password: z.boolean(),
});
export type StaffMe = z.infer<typeof staffMeSchema>;

export const staffPasswordChangeSchema = z
  .strictObject({ current_password: loginPasswordField, new_password: staffPasswordField })
  .refine((v) => v.current_password !== v.new_password, { message: staffAuthMessages.samePassword, path: ['new_password'] });
export type StaffPasswordChangeInput = z.infer<typeof staffPasswordChangeSchema>;

export const staffMessageSchema = z.object({ message: z.string() });
