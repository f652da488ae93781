import { z } from 'zod';
import { FULL_NAME_MAX, OTP_LENGTH, PASSWORD_MAX, PASSWORD_MIN, PHONE_MAX_LENGTH, PHONE_MIN_LENGTH, USERNAME_MAX } from './constants';
import { fieldMessages as m } from './messages';
import {
  EMAIL_PATTERN,
  PHONE_PATTERN,
  BILL_PHONE_PATTERN,
  FULL_NAME_PATTERN,
  USERNAME_PATTERN,
  LONE_SURROGATE,
  isPlainText,
  plainText,
  digits,
} from './plain/fields';

export {
  EMAIL_PATTERN,
  PHONE_PATTERN,
  BILL_PHONE_PATTERN,
  FULL_NAME_PATTERN,
  USERNAME_PATTERN,
  isPlainText,
  plainText,
  isEmail,
} from './plain/fields';

/** A required string: missing, non-string or blank all read as the required message. */
export const requiredString = (required: string = m.required) => plainText(z.string({ error: required }).trim().min(1, required));

export const emailField = requiredString().regex(EMAIL_PATTERN, m.invalidEntry);
export const newEmailField = requiredString(m.emailRequired).regex(EMAIL_PATTERN, m.invalidEntry);

const phoneRules = (pattern: RegExp, patternMessage: string) =>
  requiredString().min(PHONE_MIN_LENGTH, m.phoneTooShort).max(PHONE_MAX_LENGTH, m.phoneTooLong).regex(pattern, patternMessage);

export const phoneField = phoneRules(PHONE_PATTERN, m.invalidEntry);
export const newPhoneField = phoneRules(PHONE_PATTERN, m.phoneNeedsCountryCode);
export const billPhoneField = phoneRules(BILL_PHONE_PATTERN, m.invalidEntry);

export const fullNameField = requiredString().max(FULL_NAME_MAX, m.fullNameTooLong).regex(FULL_NAME_PATTERN, m.invalidEntry);

export const usernameField = requiredString().max(USERNAME_MAX, m.usernameTooLong).regex(USERNAME_PATTERN, m.invalidEntry);

/**
 * Passwords are never trimmed: spaces are part of them. Any printable unicode is allowed; a NUL
 * never (nor broken unicode), and a new password takes no control characters at all. A login
 * only refuses NUL, so nobody who set an odd password before this rule is locked out.
 */
const password = (required: string) =>
  z
    .string({ error: required })
    .refine((value) => !value.includes('\u0000') && !LONE_SURROGATE.test(value), m.invalidCharacters)
    .min(1, required)
    .min(PASSWORD_MIN, m.passwordTooShort)
    .max(PASSWORD_MAX, m.passwordTooLong);

export const newPasswordField = password(m.required).refine((value) => isPlainText(value), m.invalidCharacters);
export const loginPasswordField = password(m.passwordRequired);
export const otpField = requiredString(m.otpRequired).regex(digits(OTP_LENGTH), m.otpInvalid);

/** An email or a phone number, whichever the login form is in. */
export const emailOrPhoneField = requiredString().refine((value) => EMAIL_PATTERN.test(value) || PHONE_PATTERN.test(value), m.invalidEntry);
