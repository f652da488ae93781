import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  addressUpdateSchema,
  confirmPasswordSchema,
  dateOfBirthField,
  emailField,
  emailOrPhoneField,
  fieldMessages as m,
  firstIssuePerField,
  fullNameField,
  fullNameUpdateSchema,
  isPlainText,
  loginPasswordField,
  newPasswordField,
  otpField,
  passwordResetSchema,
  phoneField,
  pinField,
  requiredString,
  usernameField,
} from '../src/index';

const messageOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
};

const controls = ['\u0000', '\u0001', '\u0007', '\u001b', '\u007f', '\u0085', '\u009f', '\t', '\n', '\r'];

describe('free text refuses control characters (PostgreSQL cannot even store NUL)', () => {
  it.each(controls.map((c) => [JSON.stringify(c), c]))('%s in an address, anywhere', (_name, c) => {
    // (Tabs and line breaks at either end are trimmed away like spaces: only what is kept counts.)
    for (const address of [`12 Admiralty${c}Way`, `x${c}12 Admiralty Way`, `12 Admiralty Way${c}x`]) {
      expect(addressUpdateSchema.safeParse({ address }).error?.issues[0]?.message).toBe(m.invalidCharacters);
    }
  });

  it('a lone surrogate is not text either', () => {
    expect(messageOf(requiredString(), 'abc\ud800def')).toBe(m.invalidCharacters);
    expect(messageOf(requiredString(), 'abc\udc00')).toBe(m.invalidCharacters);
    // A real pair (an emoji) is fine.
    expect(messageOf(requiredString(), 'Lekki 😀 Phase 1')).toBeUndefined();
  });

  it('ordinary unicode text stays valid', () => {
    expect(messageOf(requiredString(), 'Ọ̀nà Ìbàdàn, 12 — Lagos')).toBeUndefined();
    expect(isPlainText('Ọ̀nà Ìbàdàn')).toBe(true);
    expect(isPlainText('two\nlines', { multiline: true })).toBe(true);
    expect(isPlainText('nul\u0000', { multiline: true })).toBe(false);
    expect(isPlainText('two\nlines')).toBe(false);
  });

  it('every text field says "Invalid characters" for a NUL in an otherwise valid value', () => {
    const cases: [z.ZodType, string][] = [
      [fullNameField, 'Ada\u0000Obi'],
      [usernameField, 'ada\u0000obi'],
      [emailField, 'ada\u0000@gmail.com'],
      [emailOrPhoneField, 'ada@gmail.com\u0000'],
      [phoneField, '+23480312\u000034567'],
      [otpField, '12\u000034'],
      [pinField, '12\u000034'],
      [dateOfBirthField(() => '2026-01-01'), '1994-07-2\u00001'],
    ];
    for (const [schema, value] of cases) expect(messageOf(schema, value), JSON.stringify(value)).toBe(m.invalidCharacters);
    const names = fullNameUpdateSchema.safeParse({
      first_name: 'Ada\u0000',
      middle_name: 'N\u0000',
      surname: 'Obi\u0000',
      password: 'correct horse 1',
    });
    expect(firstIssuePerField(names.error?.issues ?? [])).toEqual({
      first_name: m.invalidCharacters,
      middle_name: m.invalidCharacters,
      surname: m.invalidCharacters,
    });
    const reset = passwordResetSchema.safeParse({ token: 'abc\u0000', new_password: 'brand new pass', confirm_password: 'brand new pass' });
    expect(reset.error?.issues[0]).toMatchObject({ path: ['token'], message: m.invalidCharacters });
  });
});

describe('passwords take any printable unicode, never NUL', () => {
  it('accepts spaces, symbols and non-Latin letters', () => {
    for (const password of ['correct horse 1', 'pässwörd-ẞ€✓', '密码密码密码密码', '  leading and trailing  ']) {
      expect(messageOf(newPasswordField, password), password).toBeUndefined();
      expect(messageOf(loginPasswordField, password), password).toBeUndefined();
    }
  });

  it('refuses NUL in every password field, and other control characters in a new one', () => {
    expect(messageOf(newPasswordField, 'correct\u0000horse')).toBe(m.invalidCharacters);
    expect(messageOf(loginPasswordField, 'correct\u0000horse')).toBe(m.invalidCharacters);
    expect(messageOf(confirmPasswordSchema.shape.password, 'correct\u0000horse')).toBe(m.invalidCharacters);
    expect(messageOf(newPasswordField, 'correct\thorse')).toBe(m.invalidCharacters);
    expect(messageOf(newPasswordField, 'correct\u0085horse')).toBe(m.invalidCharacters);
  });
});
