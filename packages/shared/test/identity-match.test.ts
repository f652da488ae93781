import { describe, expect, it } from 'vitest';
import {
  identityAnswerOf,
  IDENTITY_CHECK_OUTCOMES,
  matchIdentity,
  nigerianPhoneDigits,
  normaliseBirthDate,
  registryHasPhone,
} from '../src/plain/identity';

const dob = '1994-02-10';
const profile = (fullName: string) => ({ fullName, dateOfBirth: dob });
const person = (firstName: string, lastName: string, middleName: string | null = null, dateOfBirth = dob) => ({
  firstName,
  middleName,
  lastName,
  dateOfBirth,
});

describe('matchIdentity (Tier 1: is this number the customer?)', () => {
  it('matches the same name in any order and case', () => {
    expect(matchIdentity(profile('Ada Okafor'), person('ADA', 'OKAFOR'))).toBe('match');
    expect(matchIdentity(profile('Okafor Ada'), person('Ada', 'Okafor'))).toBe('match');
  });

  it('tolerates accents, hyphens, titles and middle names on either side', () => {
    expect(matchIdentity(profile('Adébáyọ̀ Ògúnlẹ̀yẹ'), person('ADEBAYO', 'OGUNLEYE'))).toBe('match');
    expect(matchIdentity(profile('Ada Obi-Okafor'), person('ADA', 'OBI-OKAFOR', 'NKECHI'))).toBe('match');
    expect(matchIdentity(profile('Ada Nkechi Obi Okafor'), person('Ada', 'Obi-Okafor'))).toBe('match');
    expect(matchIdentity(profile('Mrs Ada Okafor'), person('Ada', 'Okafor'))).toBe('match');
    expect(matchIdentity(profile('Seun Bello'), person('OLUWASEUN', 'BELLO'))).toBe('match');
  });

  it('refuses a different first name or surname, or one name used twice', () => {
    expect(matchIdentity(profile('Ada Okafor'), person('Chidinma', 'Okafor'))).toBe('name_mismatch');
    expect(matchIdentity(profile('Ada Okafor'), person('Ada', 'Eze'))).toBe('name_mismatch');
    expect(matchIdentity(profile('Ada Okafor'), person('Ada', 'Obi-Okafor'))).toBe('name_mismatch');
    expect(matchIdentity(profile('Bello Okafor'), person('Bello', 'Bello'))).toBe('name_mismatch');
    expect(matchIdentity(profile('Ada Okafor'), person('', ''))).toBe('name_mismatch');
  });

  it('refuses another date of birth', () => {
    expect(matchIdentity(profile('Ada Okafor'), person('Ada', 'Okafor', null, '1994-10-02'))).toBe('dob_mismatch');
  });
});

describe('normaliseBirthDate', () => {
  it('reads the shapes providers answer with', () => {
    expect(normaliseBirthDate('1994-02-10')).toBe(dob);
    expect(normaliseBirthDate('1994-2-10T00:00:00Z')).toBe(dob);
    expect(normaliseBirthDate('10-02-1994')).toBe(dob);
    expect(normaliseBirthDate('10/02/1994')).toBe(dob);
    expect(normaliseBirthDate('10-Feb-1994')).toBe(dob);
    expect(normaliseBirthDate(' 2-Aug-1904 ')).toBe('1904-08-02');
  });

  it('gives nothing for days that do not exist or text that is no date', () => {
    expect(normaliseBirthDate('1994-02-30')).toBeUndefined();
    expect(normaliseBirthDate('31-Fbr-1994')).toBeUndefined();
    expect(normaliseBirthDate('yesterday')).toBeUndefined();
    expect(normaliseBirthDate('')).toBeUndefined();
  });
});

describe("the registry's phone (docs/identity.md)", () => {
  it('compares Nigerian numbers whichever way they are written', () => {
    expect(nigerianPhoneDigits('08031234567')).toBe('2348031234567');
    expect(nigerianPhoneDigits('+234 803 123 4567')).toBe('2348031234567');
    expect(nigerianPhoneDigits('8031234567')).toBe('2348031234567');
    expect(registryHasPhone(['', '08031234567'], '+2348031234567')).toBe(true);
    expect(registryHasPhone(['08039990299'], '+2348031234567')).toBe(false);
    expect(registryHasPhone(undefined, '+2348031234567')).toBe(false);
    expect(registryHasPhone([''], '')).toBe(false);
  });
});

describe('one answer (docs/identity.md)', () => {
  it('tells the customer not_verified for every outcome that would say whether a number exists or whose it is', () => {
    expect(Object.fromEntries(IDENTITY_CHECK_OUTCOMES.map((outcome) => [outcome, identityAnswerOf(outcome)]))).toEqual({
      verified: 'verified',
      mismatch: 'not_verified',
      phone_mismatch: 'not_verified',
      account_mismatch: 'account_mismatch',
      not_found: 'not_verified',
      unavailable: 'unavailable',
      in_use: 'not_verified',
    });
  });
});
