/*
 * Is a bank account in the customer's own name? Payouts go only to the customer's own account,
 * so the name the bank resolves is compared with the name on the profile. Banks in Nigeria write
 * the same person's name in many ways: upper case, surname first, with or without the middle
 * names, with initials, and with common short forms (Seun for Oluwaseun, Emeka for Chukwuemeka).
 *
 * The rule:
 * 1. Both names become tokens: lower case, accents dropped, anything that is not a letter (spaces,
 *    hyphens, dots, commas, apostrophes) separates tokens; titles (Mr, Mrs, Dr, Alhaji, Chief, ...)
 *    are dropped.
 * 2. Each token gets a canonical form: a leading Oluwa- or Olu- is dropped when at least three
 *    letters remain (Oluwaseun → seun, Olufemi → femi), then NAME_FORMS maps short forms and
 *    spellings to one name (Abdul → abdullahi, Mohammed → muhammad, Chukwuemeka → emeka).
 * 3. Tokens pair up across the two names, order-insensitive: first equal canonical forms
 *    ("full" pairs), then a one-letter initial with a remaining token starting with that letter.
 * 4. The verdict:
 *    - `match`: at least two full pairs (one if either name has a single token), and every token
 *      of the shorter name is paired: the rest of the longer name is extra middle names.
 *    - `partial`: at least one full pair, but not a match (e.g. only the surname agrees: maybe a
 *      relative; or both names have names the other lacks). Saved, but flagged to staff.
 *    - `mismatch`: no full pair at all. Refused: a payout must not go to a stranger's account.
 */

export type NameMatch = 'match' | 'partial' | 'mismatch';

/** Words before or around a name that are not part of it. */
const TITLES = new Set([
  'mr',
  'mrs',
  'ms',
  'miss',
  'dr',
  'prof',
  'engr',
  'barr',
  'rev',
  'pastor',
  'chief',
  'sir',
  'alhaji',
  'alhaja',
  'hajia',
  'hajiya',
  'mallam',
]);

/** Short forms and spellings of the same given name → one canonical form (after the Olu- rule). */
const NAME_FORMS: Readonly<Record<string, string>> = {
  // Yoruba short forms (Oluwaseun, Olufemi, ... are handled by the Olu- rule first).
  babatunde: 'tunde',
  adebayo: 'bayo',
  temitope: 'tope',
  adedayo: 'dayo',
  olabisi: 'bisi',
  funmilayo: 'funmi',
  // Igbo short forms.
  chukwuemeka: 'emeka',
  ifeanyichukwu: 'ifeanyi',
  chidiebere: 'chidi',
  chinedum: 'chinedu',
  // Hausa and Arabic names and their spellings.
  abdul: 'abdullahi',
  abdullah: 'abdullahi',
  mohammed: 'muhammad',
  mohammad: 'muhammad',
  muhammed: 'muhammad',
  mohamed: 'muhammad',
  muhammadu: 'muhammad',
  mohd: 'muhammad',
  muhd: 'muhammad',
  ibraheem: 'ibrahim',
  yusuff: 'yusuf',
  yussuf: 'yusuf',
  aishat: 'aisha',
  aishatu: 'aisha',
  fatimah: 'fatima',
  fatimat: 'fatima',
  abubakr: 'abubakar',
};

const OLU_PREFIXES = ['oluwa', 'olu'] as const;
const MIN_REST = 3;

/** The name's tokens as written (lower case, no accents, no titles). */
export function nameTokens(name: string): string[] {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((token) => token.length > 0 && !TITLES.has(token));
}

/** One token's canonical form: the Olu- rule, then the table. */
export function canonicalName(token: string): string {
  let rest = token;
  for (const prefix of OLU_PREFIXES) {
    if (rest.startsWith(prefix) && rest.length - prefix.length >= MIN_REST) {
      rest = rest.slice(prefix.length);
      break;
    }
  }
  return NAME_FORMS[rest] ?? NAME_FORMS[token] ?? rest;
}

interface Token {
  raw: string;
  canonical: string;
  paired: boolean;
}

const toTokens = (name: string): Token[] => nameTokens(name).map((raw) => ({ raw, canonical: canonicalName(raw), paired: false }));

const isInitial = (t: Token) => t.raw.length === 1;
const startsWith = (t: Token, letter: string) => t.raw.startsWith(letter) || t.canonical.startsWith(letter);

/** How well a bank account's name fits the customer's (see the rule above). */
export function matchAccountName(profileName: string, accountName: string): NameMatch {
  const a = toTokens(profileName);
  const b = toTokens(accountName);
  if (a.length === 0 || b.length === 0) return 'mismatch';
  let full = 0;
  for (const x of a) {
    if (isInitial(x)) continue;
    const y = b.find((candidate) => !candidate.paired && !isInitial(candidate) && candidate.canonical === x.canonical);
    if (y) {
      x.paired = true;
      y.paired = true;
      full += 1;
    }
  }
  if (full === 0) return 'mismatch';
  // Initials on either side pair with an unpaired name starting with that letter.
  for (const [from, to] of [
    [a, b],
    [b, a],
  ] as const) {
    for (const x of from) {
      if (x.paired || !isInitial(x)) continue;
      const y = to.find((candidate) => !candidate.paired && startsWith(candidate, x.raw));
      if (y) {
        x.paired = true;
        y.paired = true;
      }
    }
  }
  const shorter = a.length <= b.length ? a : b;
  const needed = Math.min(2, shorter.length);
  return full >= needed && shorter.every((t) => t.paired) ? 'match' : 'partial';
}
