import { createHash } from 'node:crypto';
import { canonicalName, nameTokens } from '@wise/shared';
import { BankLookupError, type BankLookup, type LookupAsker } from './types';

const FIRST_NAMES = [
  'Adaeze',
  'Chinedu',
  'Funmilayo',
  'Ibrahim',
  'Ngozi',
  'Oluwaseun',
  'Tunde',
  'Zainab',
  'Emeka',
  'Aisha',
  'Kelechi',
  'Yetunde',
];
const SURNAMES = ['Okafor', 'Adeyemi', 'Bello', 'Eze', 'Ogunleye', 'Musa', 'Nwosu', 'Balogun', 'Okoro', 'Danjuma', 'Afolabi', 'Umeh'];

/**
 * Offline stand-in used when no BANK_LOOKUP_SECRET_KEY is set. Every account belongs to whoever
 * asks: it resolves to the asker's own name as a bank writes it (upper case, surname first), so
 * the app's name check passes. Documented special cases (docs/sandbox.md):
 * - an account number starting with `5` belongs to someone else: a stranger's name (the same one
 *   every time, sharing no name with the asker), which the app refuses to save;
 * - an account number starting with `000` has no account (not found);
 * - `9999999999` makes the provider unavailable.
 */
export class SandboxBankLookup implements BankLookup {
  readonly name = 'sandbox' as const;

  async resolveAccount(bankCode: string, accountNumber: string, asker: LookupAsker): Promise<{ accountName: string }> {
    if (accountNumber === '9999999999') throw new BankLookupError('unavailable', 'sandbox: provider unavailable');
    if (accountNumber.startsWith('000')) throw new BankLookupError('not_found', 'sandbox: no such account');
    if (accountNumber.startsWith('5')) return { accountName: strangerName(bankCode, accountNumber, asker.fullName) };
    const words = asker.fullName.trim().split(/\s+/);
    const surname = words.pop() ?? '';
    return { accountName: [surname, ...words].join(' ').toUpperCase() };
  }
}

/** A realistic name picked by the account, skipping any that shares a name with the asker. */
function strangerName(bankCode: string, accountNumber: string, askerName: string): string {
  const taken = new Set(nameTokens(askerName).map(canonicalName));
  const digest = createHash('sha256').update(`${bankCode}:${accountNumber}`).digest();
  const pick = (list: readonly string[], seed: number) => {
    for (let i = 0; i < list.length; i += 1) {
      const name = list[(seed + i) % list.length] ?? '';
      const canonical = canonicalName(name.toLowerCase());
      if (!taken.has(canonical)) {
        taken.add(canonical);
        return name;
      }
    }
    return 'Stranger';
  };
  const first = pick(FIRST_NAMES, digest[0] ?? 0);
  const middle = pick(FIRST_NAMES, digest[1] ?? 0);
  const last = pick(SURNAMES, digest[2] ?? 0);
  return `${last} ${first} ${middle}`.toUpperCase();
}
