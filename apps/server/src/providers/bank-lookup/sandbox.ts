import { createHash } from 'node:crypto';
import { BankLookupError, type BankLookup } from './types';

const FIRST_NAMES = ['Adaeze', 'Chinedu', 'Funmilayo', 'Ibrahim', 'Ngozi', 'Oluwaseun', 'Tunde', 'Zainab', 'Emeka', 'Aisha', 'Kelechi', 'Yetunde'];
const SURNAMES = ['Okafor', 'Adeyemi', 'Bello', 'Eze', 'Ogunleye', 'Musa', 'Nwosu', 'Balogun', 'Okoro', 'Danjuma', 'Afolabi', 'Umeh'];

/**
 * Offline stand-in used when no BANK_LOOKUP_SECRET_KEY is set. Every bank and account number
 * resolves to the same realistic name every time. Documented failure cases:
 * - an account number starting with `000` has no account (not found);
 * - `9999999999` makes the provider unavailable.
 */
export class SandboxBankLookup implements BankLookup {
  readonly name = 'sandbox' as const;

  async resolveAccount(bankCode: string, accountNumber: string): Promise<{ accountName: string }> {
    if (accountNumber === '9999999999') throw new BankLookupError('unavailable', 'sandbox: provider unavailable');
    if (accountNumber.startsWith('000')) throw new BankLookupError('not_found', 'sandbox: no such account');
    const digest = createHash('sha256').update(`${bankCode}:${accountNumber}`).digest();
    const first = FIRST_NAMES[(digest[0] ?? 0) % FIRST_NAMES.length] ?? 'Ada';
    const middle = FIRST_NAMES[(digest[1] ?? 0) % FIRST_NAMES.length] ?? 'Ngozi';
    const last = SURNAMES[(digest[2] ?? 0) % SURNAMES.length] ?? 'Okafor';
    return { accountName: `${last} ${first} ${middle}`.toUpperCase() };
  }
}
