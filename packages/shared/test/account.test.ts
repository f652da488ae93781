import { describe, expect, it } from 'vitest';
import {
  addressUpdateSchema,
  bankMessages,
  billOrderTitle,
  billServiceName,
  calendarDate,
  capitalizeFirst,
  dateOfBirthField,
  emailChangeRequestSchema,
  fieldMessages as m,
  firstIssuePerField,
  firstWord,
  formatPhone,
  fullNameUpdateSchema,
  genderUpdateSchema,
  isRealDate,
  joinFullName,
  maskAccountNumber,
  maskPhone,
  phoneFromTyped,
  phoneChangeRequestSchema,
  pinEntrySchema,
  pinMessages,
  profileMessages,
  setPinSchema,
  splitFullName,
  transactionSearchSchema,
  updateBankSchema,
  updateBankWithPinSchema,
  verifyPinSchema,
} from '../src/index';
import type { z } from 'zod';

function fieldsOf(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  return result.success ? {} : firstIssuePerField(result.error.issues);
}

describe('PIN (docs/product.md §5)', () => {
  it('is required, exactly 4 digits, and the confirmation must match', () => {
    expect(fieldsOf(pinEntrySchema, { pin: '' })).toEqual({ pin: m.pinRequired });
    expect(fieldsOf(pinEntrySchema, {})).toEqual({ pin: m.pinRequired });
    for (const bad of ['123', '12345', '12a4', '١٢٣٤']) expect(fieldsOf(pinEntrySchema, { pin: bad })).toEqual({ pin: m.pinInvalid });
    expect(fieldsOf(pinEntrySchema, { pin: '0042' })).toEqual({});
    expect(fieldsOf(setPinSchema, { pin: '1234', confirm_pin: '4321' })).toEqual({ confirm_pin: m.pinMismatch });
    expect(fieldsOf(setPinSchema, { pin: '1234', confirm_pin: '' })).toEqual({ confirm_pin: m.pinRequired });
    expect(fieldsOf(setPinSchema, { pin: '1234', confirm_pin: '1234', current_pin: '12' })).toEqual({ current_pin: m.pinInvalid });
    expect(fieldsOf(verifyPinSchema, { pin: '1234', user_id: 'x' })).not.toEqual({});
  });
  it('tells how many attempts are left and how long the lock lasts', () => {
    expect(pinMessages.wrong(1)).toContain('1 attempt left');
    expect(pinMessages.wrong(3)).toContain('3 attempts left');
    expect(pinMessages.locked(15)).toContain('15 minutes');
  });
});

describe('modify full name (docs/product.md §5)', () => {
  it('requires first name, surname and the password with their messages', () => {
    expect(fieldsOf(fullNameUpdateSchema, { first_name: 'Ada', surname: 'Obi' })).toEqual({ password: m.passwordRequired });
    expect(fieldsOf(fullNameUpdateSchema, { first_name: '', surname: ' ', password: 'correct horse 1' })).toEqual({
      first_name: m.firstNameRequired,
      surname: m.surnameRequired,
    });
  });
  it('letters only (surname may have a hyphen), up to 20, middle optional', () => {
    expect(fieldsOf(fullNameUpdateSchema, { first_name: 'Ada-Ngozi', surname: 'Obi', password: 'correct horse 1' })).toEqual({
      first_name: m.nameAlphabetsOnly,
    });
    expect(fieldsOf(fullNameUpdateSchema, { first_name: 'Ada', middle_name: 'N1', surname: 'Obi', password: 'correct horse 1' })).toEqual({
      middle_name: m.nameAlphabetsOnly,
    });
    expect(fieldsOf(fullNameUpdateSchema, { first_name: 'Ada', surname: 'Obi-Okafor', password: 'correct horse 1' })).toEqual({});
    expect(fieldsOf(fullNameUpdateSchema, { first_name: 'Ada', middle_name: '', surname: 'Obi', password: 'correct horse 1' })).toEqual({});
    expect(fieldsOf(fullNameUpdateSchema, { first_name: 'A'.repeat(21), surname: 'Obi', password: 'correct horse 1' })).toEqual({
      first_name: m.nameAlphabetsOnly,
    });
    expect(
      fieldsOf(fullNameUpdateSchema, {
        first_name: 'A'.repeat(20),
        middle_name: 'B'.repeat(20),
        surname: 'C'.repeat(20),
        password: 'correct horse 1',
      }),
    ).toEqual({
      surname: m.fullNameTooLong,
    });
  });
  it('joins and splits names', () => {
    expect(joinFullName({ first_name: 'Ada', middle_name: '', surname: 'Obi' })).toBe('Ada Obi');
    expect(joinFullName({ first_name: 'Ada', middle_name: 'Ngozi', surname: 'Obi' })).toBe('Ada Ngozi Obi');
    expect(splitFullName('Ada Ngozi Obi')).toEqual({ first_name: 'Ada', middle_name: 'Ngozi', surname: 'Obi' });
    expect(splitFullName('Ada')).toEqual({ first_name: 'Ada', middle_name: '', surname: '' });
    expect(firstWord('  Chiamaka Ada Obi ')).toBe('Chiamaka');
  });
});

describe('gender, address, date of birth (docs/product.md §5)', () => {
  it('gender is male or female, else required', () => {
    expect(fieldsOf(genderUpdateSchema, { gender: '' })).toEqual({ gender: m.genderRequired });
    expect(fieldsOf(genderUpdateSchema, { gender: 'female' })).toEqual({});
  });
  it('address is required and bounded', () => {
    expect(fieldsOf(addressUpdateSchema, { address: '   ' })).toEqual({ address: m.addressRequired });
    expect(fieldsOf(addressUpdateSchema, { address: 'x'.repeat(201) })).toEqual({ address: profileMessages.addressTooLong });
  });
  it('date of birth: required, YYYY-MM-DD, a real day, not in the future, not before 1900', () => {
    const dob = dateOfBirthField(() => '2026-03-02');
    const message = (v: string) => (dob.safeParse(v).success ? 'ok' : dob.safeParse(v).error?.issues[0]?.message);
    expect(message('')).toBe(m.dobRequired);
    for (const bad of ['1994/07/21', '94-07-21', '1994-7-21', '2023-02-30', '2021-02-29', '2023-04-31', '2026-03-03', '1899-12-31']) {
      expect(message(bad), bad).toBe(m.dobInvalid);
    }
    for (const good of ['1994-07-21', '2024-02-29', '2026-03-02', '1900-01-01']) expect(message(good), good).toBe('ok');
    expect(isRealDate('2000-02-29')).toBe(true);
    expect(isRealDate('1900-02-29')).toBe(false);
    expect(calendarDate(new Date('2026-03-01T23:30:00Z'), 'Africa/Lagos')).toBe('2026-03-02');
  });
});

describe('contact changes (docs/product.md §5)', () => {
  it('new phone needs a country code; new email has its own required message', () => {
    expect(fieldsOf(phoneChangeRequestSchema, { new_phone: '08031234567' })).toEqual({ new_phone: m.phoneNeedsCountryCode });
    expect(fieldsOf(phoneChangeRequestSchema, { new_phone: '+2348031234567' })).toEqual({});
    expect(fieldsOf(emailChangeRequestSchema, { new_email: '' })).toEqual({ new_email: m.emailRequired });
    expect(fieldsOf(emailChangeRequestSchema, { new_email: 'ada@gmail.c' })).toEqual({ new_email: m.invalidEntry });
  });
  it('phones are formatted and masked as docs/look.md shows', () => {
    expect(formatPhone('+2348031234567')).toBe('+234 803 123 4567');
    // However a bill's number was typed, it reads the same as the profile's.
    for (const typed of ['08031234567', '0803 123 4567', '2348031234567', '+234 803-123-4567'])
      expect(formatPhone(typed)).toBe('+234 803 123 4567');
    expect(formatPhone(' +14155550123 ')).toBe('+14155550123');
    expect(formatPhone('0803123456')).toBe('0803123456');
    expect(maskPhone('+2348031234567')).toBe('+234 803 *** **67');
    expect(maskPhone('08031234567')).toBe('+234 803 *** **67');
    expect(maskPhone('+14155550123')).toBe('+141******23');
  });
  it('a typed, pasted or autofilled number is read as the one number it is', () => {
    for (const typed of [
      '08031234567',
      '0803 123 4567',
      '2348031234567',
      '+234 803 123 4567',
      '8031234567',
      '０８０３１２３４５６７',
      '(0803) 123-4567',
    ]) {
      expect(phoneFromTyped(typed)).toBe('+2348031234567');
    }
    expect(phoneFromTyped('+44 20 7946 0958')).toBe('+442079460958');
    expect(phoneFromTyped('0044 20 7946 0958')).toBe('+442079460958');
    expect(phoneFromTyped('')).toBe('');
    expect(phoneFromTyped(' - ')).toBe('');
    expect(phoneFromTyped('+')).toBe('+');
  });
});

describe('bill providers by name', () => {
  it('reads every provider id, short or as the bill service names it, as people call it', () => {
    expect(billServiceName('ikeja')).toBe('Ikeja Electric');
    expect(billServiceName('ikeja-electric')).toBe('Ikeja Electric');
    expect(billServiceName('portharcourt')).toBe('Port Harcourt Electric');
    expect(billServiceName('mtn-data')).toBe('MTN');
    expect(billServiceName('etisalat')).toBe('9mobile');
    expect(billServiceName('gotv')).toBe('GOtv');
    expect(billServiceName('toString')).toBe('toString');
    expect(billOrderTitle({ kind: 'airtime', service: 'mtn', phone: '08031234567', plan_name: null, customer_id: null })).toBe(
      'MTN airtime · +234 803 123 4567',
    );
  });
});

describe('bank details (docs/product.md §5)', () => {
  it('account number is required and exactly 10 digits; the bank is required', () => {
    expect(fieldsOf(updateBankSchema, { bank_code: '', bank_account: '' })).toEqual({ bank_code: m.required, bank_account: m.required });
    for (const bad of ['123456789', '12345678901', '12345abcde']) {
      expect(fieldsOf(updateBankSchema, { bank_code: '058', bank_account: bad })).toEqual({ bank_account: m.invalidAccountNumber });
    }
    expect(fieldsOf(updateBankSchema, { bank_code: '058', bank_account: '0123456789' })).toEqual({});
    expect(fieldsOf(updateBankWithPinSchema, { bank_code: '058', bank_account: '0123456789' })).toEqual({ pin: m.pinRequired });
    expect(maskAccountNumber('0123456789')).toBe('******6789');
    expect(bankMessages.updated).toBe('Bank details updated successfully');
  });
});

describe('lists', () => {
  it('capitalises the first letter; status search accepts the three statuses or nothing', () => {
    expect(capitalizeFirst('your PIN was set.')).toBe('Your PIN was set.');
    expect(capitalizeFirst('')).toBe('');
    expect(transactionSearchSchema.parse({ status: 'pending' })).toEqual({ status: 'pending' });
    expect(transactionSearchSchema.parse({ status: '' })).toEqual({ status: undefined });
    expect(transactionSearchSchema.safeParse({ status: 'lost' }).success).toBe(false);
  });
});
