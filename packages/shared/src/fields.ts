import { z } from 'zod';
import {
  FULL_NAME_MAX,
  OTP_LENGTH,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PHONE_MAX_LENGTH,
  PHONE_MIN_LENGTH,
  USERNAME_MAX,
} from './constants';
import { fieldMessages as m } from './messages';

/** SPEC §5: 1-25 letters/digits, '@', 3-10 letters, '.com'. */
export const EMAIL_PATTERN = /^[A-Za-z0-9]{1,25}@[A-Za-z]{3,10}\.com$/;
/** SPEC §5: '+' then 10-20 digits. */
export const PHONE_PATTERN = /^\+\d{10,20}$/;
/** Airtime, data, electricity and TV make the '+' optional. */
export const BILL_PHONE_PATTERN = /^\+?\d{10,20}$/;
export const FULL_NAME_PATTERN = /^[A-Za-z\- ]{1,50}$/;
export const USERNAME_PATTERN = /^[A-Za-z0-9_.]+$/;

// Matching control characters is the point of the next two patterns.
/* eslint-disable no-control-regex */
/** C0 and C1 control characters and DEL: never typed into a form, and PostgreSQL can't store NUL. */
const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F-\u009F]/;
/** The same with tab and line breaks allowed, for text that may run over several lines. */
const CONTROL_CHARACTERS_BUT_LINES = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/* eslint-enable no-control-regex */
/** Half of a surrogate pair on its own is not text; the database would get a replacement character. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Text a person could have typed: no control characters (line breaks only when multiline), no broken unicode. */
export const isPlainText = (value: string, options: { multiline?: boolean } = {}): boolean =>
  !(options.multiline ? CONTROL_CHARACTERS_BUT_LINES : CONTROL_CHARACTERS).test(value) && !LONE_SURROGATE.test(value);

/**
 * The check every text field carries ('Invalid characters'), first, so a control character is
 * named as such rather than as a format error. Free text that may span lines passes multiline.
 */
export const plainText = (schema: z.ZodString, options: { multiline?: boolean } = {}) =>
  schema.refine((value) => isPlainText(value, options), m.invalidCharacters);

/** A required string: missing, non-string or blank all read as the required message. */
export const requiredString = (required: string = m.required) =>
  plainText(z.string({ error: required }).trim().min(1, required));

export const emailField = requiredString().regex(EMAIL_PATTERN, m.invalidEntry);
export const newEmailField = requiredString(m.emailRequired).regex(EMAIL_PATTERN, m.invalidEntry);

const phoneRules = (pattern: RegExp, patternMessage: string) =>
  requiredString()
    .min(PHONE_MIN_LENGTH, m.phoneTooShort)
    .max(PHONE_MAX_LENGTH, m.phoneTooLong)
    .regex(pattern, patternMessage);

export const phoneField = phoneRules(PHONE_PATTERN, m.invalidEntry);
export const newPhoneField = phoneRules(PHONE_PATTERN, m.phoneNeedsCountryCode);
export const billPhoneField = phoneRules(BILL_PHONE_PATTERN, m.invalidEntry);

export const fullNameField = requiredString()
  .max(FULL_NAME_MAX, m.fullNameTooLong)
  .regex(FULL_NAME_PATTERN, m.invalidEntry);

export const usernameField = requiredString()
  .max(USERNAME_MAX, m.usernameTooLong)
  .regex(USERNAME_PATTERN, m.invalidEntry);

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

const digits = (length: number) => new RegExp(`^\\d{${length}}$`);
export const otpField = requiredString(m.otpRequired).regex(digits(OTP_LENGTH), m.otpInvalid);

/** An email or a phone number, whichever the login form is in. */
export const emailOrPhoneField = requiredString().refine(
  (value) => EMAIL_PATTERN.test(value) || PHONE_PATTERN.test(value),
  m.invalidEntry,
);

export const isEmail = (value: string) => EMAIL_PATTERN.test(value);
