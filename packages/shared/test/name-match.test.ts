import { describe, expect, it } from 'vitest';
import { canonicalName, matchAccountName, nameTokens } from '../src';

/* The rule that keeps payouts in the customer's own name (src/plain/name-match.ts). */

describe('nameTokens', () => {
  it('lower-cases, drops accents, titles and punctuation, splits hyphens', () => {
    expect(nameTokens("Mrs. Adé Obi-Okafor, Jr'")).toEqual(['ade', 'obi', 'okafor', 'jr']);
    expect(nameTokens('ALHAJI  MUHAMMAD   BELLO')).toEqual(['muhammad', 'bello']);
    expect(nameTokens('  ')).toEqual([]);
  });
});

describe('canonicalName', () => {
  it.each([
    ['oluwaseun', 'seun'],
    ['seun', 'seun'],
    ['olufemi', 'femi'],
    ['oluwafemi', 'femi'],
    ['abdul', 'abdullahi'],
    ['abdullah', 'abdullahi'],
    ['mohammed', 'muhammad'],
    ['mohammad', 'muhammad'],
    ['muhammad', 'muhammad'],
    ['chukwuemeka', 'emeka'],
    ['ifeanyichukwu', 'ifeanyi'],
    ['olufunmilayo', 'funmi'],
    ['babatunde', 'tunde'],
    // Too little left after the prefix: the name itself.
    ['olu', 'olu'],
    ['oluwa', 'oluwa'],
  ])('%s → %s', (token, canonical) => expect(canonicalName(token)).toBe(canonical));
});

describe('matchAccountName', () => {
  it.each([
    // Case, order and punctuation.
    ['Ada Obi-Okafor', 'OBI-OKAFOR ADA'],
    ['Ada Obi-Okafor', 'okafor, obi ada'],
    ['Chinedu Eze', 'EZE CHINEDU'],
    // Middle names missing or extra.
    ['Chinedu Eze', 'EZE CHINEDU KELECHI'],
    ['Chinedu Kelechi Eze', 'EZE CHINEDU'],
    // Initials where the rest agrees.
    ['Ada Obi Okafor', 'OKAFOR A. OBI'],
    ['A. Obi Okafor', 'OKAFOR ADA OBI'],
    // Short forms and spellings.
    ['Seun Adeyemi', 'ADEYEMI OLUWASEUN'],
    ['Oluwaseun Adeyemi', 'ADEYEMI SEUN'],
    ['Femi Balogun', 'BALOGUN OLUFEMI'],
    ['Oluwafemi Balogun', 'BALOGUN FEMI ADEWALE'],
    ['Abdul Musa', 'MUSA ABDULLAHI'],
    ['Mohammed Bello', 'BELLO MUHAMMAD'],
    ['Muhammad Bello', 'MOHAMMAD BELLO'],
    ['Emeka Okoro', 'OKORO CHUKWUEMEKA'],
    ['Ifeanyi Nwosu', 'NWOSU IFEANYICHUKWU'],
    ['Alhaji Ibrahim Danjuma', 'DANJUMA IBRAHEEM'],
    ['Adé Umeh', 'UMEH ADE'],
  ])('%s ≈ %s: match', (profile, account) => {
    expect(matchAccountName(profile, account)).toBe('match');
    // Symmetric: which side is the profile does not matter.
    expect(matchAccountName(account, profile)).toBe('match');
  });

  it.each([
    // Only the surname agrees: perhaps a relative's account.
    ['Ada Okafor', 'OKAFOR NGOZI'],
    // Both have a name the other lacks.
    ['Ada Obi Okafor', 'OKAFOR NGOZI OBI'],
    // One full name and an initial only.
    ['Ada Okafor', 'OKAFOR A'],
    // An initial that fits nothing.
    ['Ada Obi Okafor', 'OKAFOR B OBI'],
  ])('%s ~ %s: partial', (profile, account) => {
    expect(matchAccountName(profile, account)).toBe('partial');
  });

  it.each([
    ['Ada Obi-Okafor', 'ZAINAB MUSA BELLO'],
    ['Chinedu Eze', 'TUNDE BALOGUN'],
    // Initials alone never make a match.
    ['Ada Okafor', 'A O'],
    ['Ada Okafor', ''],
    ['', 'ADA OKAFOR'],
    // Only titles in common.
    ['Mr Ada Okafor', 'MR TUNDE BALOGUN'],
  ])('%s ≠ %s: mismatch', (profile, account) => {
    expect(matchAccountName(profile, account)).toBe('mismatch');
  });
});
