import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  emailField,
  fieldMessages as m,
  firstIssuePerField,
  fullNameField,
  loginEmailStepSchema,
  loginPhoneStepSchema,
  loginPasswordField,
  loginSchema,
  newEmailField,
  newPasswordField,
  newPasswordFormSchema,
  newPhoneField,
  otpField,
  billPhoneField,
  passwordResetSchema,
  phoneField,
  signupSchema,
  usernameField,
} from '../src/index';

/** The message a form shows for a value: the first issue, or undefined when valid. */
function messageOf(schema: z.ZodType, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('email (login, sign-up, reset)', () => {
  it.each([
    ['ada@gmail.com', undefined],
    ['ADA2024@Yahoo.com', undefined],
    [`${'a'.repeat(64)}@abc.com`, undefined],
    // Real Nigerian addresses the original .com-only rule refused (docs/decisions.md §9.5).
    ['chidinma.okeke@gmail.com', undefined],
    ['ade@yahoo.co.uk', undefined],
    ['tunde+wise@mail.unilag.edu.ng', undefined],
    ['ngozi_eze-obi@my-company.ng', undefined],
    ['ada@ab.com', undefined],
    ['', m.required],
    ['   ', m.required],
    [undefined, m.required],
    [`${'a'.repeat(65)}@abc.com`, m.invalidEntry],
    [`ada@${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.ng`, m.invalidEntry],
    ['.ada@gmail.com', m.invalidEntry],
    ['ada.@gmail.com', m.invalidEntry],
    ['ada..obi@gmail.com', m.invalidEntry],
    ['ada@gmail', m.invalidEntry],
    ['ada@gmail.c', m.invalidEntry],
    ['ada@gmail.123', m.invalidEntry],
    ['ada@-gmail.com', m.invalidEntry],
    ['ada@gmail-.com', m.invalidEntry],
    ['ada@gmail..com', m.invalidEntry],
    ['ada obi@gmail.com', m.invalidEntry],
    ['ada@obi@gmail.com', m.invalidEntry],
    ['adagmail.com', m.invalidEntry],
  ])('%s → %s', (value, expected) => {
    expect(messageOf(emailField, value)).toBe(expected);
  });

  it('uses "Email is required" for the new email', () => {
    expect(messageOf(newEmailField, '')).toBe(m.emailRequired);
    expect(messageOf(newEmailField, 'bad')).toBe(m.invalidEntry);
    expect(messageOf(newEmailField, 'new@gmail.com')).toBeUndefined();
  });
});

describe('phone', () => {
  it.each([
    ['+2348031234567', undefined],
    ['+1234567890', undefined],
    ['', m.required],
    ['+123456789', m.phoneTooShort],
    ['+2348031234567890123', undefined],
    ['+23480312345678901234', m.phoneTooLong],
    ['08031234567', m.invalidEntry],
    ['+234 803 123 4567', m.invalidEntry],
    ['+23480312345a7', m.invalidEntry],
  ])('%s → %s', (value, expected) => {
    expect(messageOf(phoneField, value)).toBe(expected);
  });

  it('tells a new phone to start with a country code', () => {
    expect(messageOf(newPhoneField, '08031234567')).toBe(m.phoneNeedsCountryCode);
    expect(messageOf(newPhoneField, '')).toBe(m.required);
    expect(messageOf(newPhoneField, '+2348031234567')).toBeUndefined();
  });

  it('makes the + optional for bill payments', () => {
    expect(messageOf(billPhoneField, '08031234567')).toBeUndefined();
    expect(messageOf(billPhoneField, '+2348031234567')).toBeUndefined();
    expect(messageOf(billPhoneField, '0803123456a')).toBe(m.invalidEntry);
  });
});

describe('full name and username', () => {
  it.each([
    ['Ada Obi', undefined],
    ['Ada Obi-Okafor', undefined],
    ['', m.required],
    ['A'.repeat(51), m.fullNameTooLong],
    ['Ada 0bi', m.invalidEntry],
    ["Ada O'Neil", m.invalidEntry],
  ])('full name %s → %s', (value, expected) => {
    expect(messageOf(fullNameField, value)).toBe(expected);
  });

  it.each([
    ['ada_obi', undefined],
    ['a'.repeat(20), undefined],
    ['', m.required],
    ['a'.repeat(21), m.usernameTooLong],
    ['ada obi', m.invalidEntry],
  ])('username %s → %s', (value, expected) => {
    expect(messageOf(usernameField, value)).toBe(expected);
  });

  it('says 20, not 50, for a long username (docs/decisions.md §9)', () => {
    expect(m.usernameTooLong).toBe('Cannot be more than 20 characters');
  });
});

describe('passwords', () => {
  it('sign-up and reset: required, at least 8', () => {
    expect(messageOf(newPasswordField, '')).toBe(m.required);
    expect(messageOf(newPasswordField, '1234567')).toBe(m.passwordTooShort);
    expect(messageOf(newPasswordField, '12345678')).toBeUndefined();
    expect(messageOf(newPasswordField, 'x'.repeat(129))).toBe(m.passwordTooLong);
  });

  it('login: "Password is required", at least 8', () => {
    expect(messageOf(loginPasswordField, '')).toBe(m.passwordRequired);
    expect(messageOf(loginPasswordField, undefined)).toBe(m.passwordRequired);
    expect(messageOf(loginPasswordField, 'short')).toBe(m.passwordTooShort);
  });

  it('keeps spaces as part of a password', () => {
    expect(newPasswordField.parse('  pass  word  ')).toBe('  pass  word  ');
  });

  it('reset: the confirmation must match', () => {
    const base = { token: 't', new_password: 'abcdefgh' };
    expect(passwordResetSchema.safeParse({ ...base, confirm_password: 'abcdefgh' }).success).toBe(true);
    const mismatch = passwordResetSchema.safeParse({ ...base, confirm_password: 'abcdefgX' });
    expect(mismatch.success ? {} : firstIssuePerField(mismatch.error.issues)).toEqual({
      confirm_password: m.passwordsDoNotMatch,
    });
    const empty = newPasswordFormSchema.safeParse({ new_password: '', confirm_password: '' });
    expect(empty.success ? {} : firstIssuePerField(empty.error.issues)).toEqual({
      new_password: m.required,
      confirm_password: m.required,
    });
  });
});

describe('OTP', () => {
  it.each([
    ['0123', undefined],
    ['', m.otpRequired],
    ['123', m.otpInvalid],
    ['12345', m.otpInvalid],
    ['12a4', m.otpInvalid],
  ])('%s → %s', (value, expected) => {
    expect(messageOf(otpField, value)).toBe(expected);
  });
});

describe('forms', () => {
  it('sign-up refuses unknown fields', () => {
    const result = signupSchema.safeParse({
      full_name: 'Ada Obi',
      username: 'ada',
      email: 'ada@gmail.com',
      phone: '+2348031234567',
      password: 'abcdefgh',
      role: 'admin',
    });
    expect(result.success).toBe(false);
  });

  it('login step 1 checks the identifier in its mode', () => {
    expect(loginEmailStepSchema.safeParse({ email_or_phone: 'ada@gmail.com' }).success).toBe(true);
    expect(messageOf(loginEmailStepSchema, { email_or_phone: '+2348031234567' })).toBe(m.invalidEntry);
    expect(loginPhoneStepSchema.safeParse({ email_or_phone: '+2348031234567' }).success).toBe(true);
    expect(messageOf(loginPhoneStepSchema, { email_or_phone: '' })).toBe(m.required);
  });

  it('the login API takes an email or a phone', () => {
    expect(loginSchema.safeParse({ email_or_phone: 'ada@gmail.com', password: 'abcdefgh' }).success).toBe(true);
    expect(loginSchema.safeParse({ email_or_phone: '+2348031234567', password: 'abcdefgh' }).success).toBe(true);
    expect(messageOf(loginSchema, { email_or_phone: 'ada', password: 'abcdefgh' })).toBe(m.invalidEntry);
  });

  it('firstIssuePerField keeps the first message of each field', () => {
    const result = signupSchema.safeParse({ full_name: '', username: '', email: 'x', phone: '1', password: '' });
    expect(result.success ? {} : firstIssuePerField(result.error.issues)).toEqual({
      full_name: m.required,
      username: m.required,
      email: m.invalidEntry,
      phone: m.phoneTooShort,
      password: m.required,
    });
  });
});
