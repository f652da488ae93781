import { and, asc, eq } from 'drizzle-orm';
import {
  bankErrorCodes,
  bankMessages,
  maskAccountNumber,
  matchAccountName,
  notificationTexts,
  type AccountNameMatch,
  type Bank,
  type BankDetailsResponse,
  type NameMatch,
  type ResolveBankAccountInput,
  type UpdateBankInput,
  textsIn,
} from '@wise/shared';
import { languageOf, textOf } from '../i18n/language';
import type { Db } from '#server/db/client';
import { bankDetails, banks, users } from '#server/db/schema/index';
import type { Clock } from '#server/lib/clock';
import { BankLookupError, type BankLookup } from '#server/providers/bank-lookup/index';
import { deleteUserSessions } from '../auth/sessions';
import { DomainError, notFound, validationError } from '../errors';
import { enqueueEmail } from '../notifications/email';
import { notify } from '../notifications/notify';
import { retryFailedPayoutsAfterBankChange } from '../payouts/customer';
import { verifiedIdentity } from '../identity/tier1';
import { hasPin, verifyPin } from '../pin/service';

export { bankErrorCodes };

export interface BankDeps {
  clock: Clock;
  lookup: BankLookup;
  /** Checks the account's password (under its limits); throws when it is wrong. */
  checkPassword: (password: string) => Promise<void>;
}

/** Active banks by name, sorted here so every database collation gives the same order. */
export async function listBanks(db: Db): Promise<Bank[]> {
  const rows = await db.select({ code: banks.code, name: banks.name }).from(banks).where(eq(banks.active, true)).orderBy(asc(banks.code));
  return rows.sort((a, b) => a.name.localeCompare(b.name, 'en'));
}

async function findBank(db: Db, code: string): Promise<Bank> {
  const [bank] = await db
    .select({ code: banks.code, name: banks.name })
    .from(banks)
    .where(and(eq(banks.code, code), eq(banks.active, true)))
    .limit(1);
  if (!bank) throw validationError(bankMessages.unknownBank, { bank_code: bankMessages.unknownBank });
  return bank;
}

/** docs/product.md §3: bank_name and bank_account are null while none are added. */
export async function getBankDetails(db: Db, userId: string): Promise<BankDetailsResponse> {
  const [row] = await db
    .select({ bankName: banks.name, bankCode: banks.code, account: bankDetails.accountNumber, accountName: bankDetails.accountName })
    .from(bankDetails)
    .innerJoin(banks, eq(banks.code, bankDetails.bankCode))
    .where(eq(bankDetails.userId, userId))
    .limit(1);
  if (!row) return { bank_name: null, bank_code: null, bank_account: null, account_name: null };
  return { bank_name: row.bankName, bank_code: row.bankCode, bank_account: row.account, account_name: row.accountName };
}

export async function hasBankDetails(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ userId: bankDetails.userId }).from(bankDetails).where(eq(bankDetails.userId, userId)).limit(1);
  return row !== undefined;
}

/** The payout account as a sale snapshots it at submission, with its name verdict; undefined when none. */
export async function getPayoutSnapshot(db: Db, userId: string) {
  const [row] = await db
    .select({
      bankCode: banks.code,
      bankName: banks.name,
      accountNumber: bankDetails.accountNumber,
      accountName: bankDetails.accountName,
      accountNameMatch: bankDetails.nameMatch,
    })
    .from(bankDetails)
    .innerJoin(banks, eq(banks.code, bankDetails.bankCode))
    .where(eq(bankDetails.userId, userId))
    .limit(1);
  return row;
}

async function customer(db: Db, userId: string) {
  const [user] = await db.select({ fullName: users.fullName, email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw notFound();
  return user;
}

export interface ResolvedAccount {
  accountName: string;
  /** How the name fits the customer's verified name, or profile name until verified (shared matchAccountName). */
  nameMatch: NameMatch;
}

/**
 * Whose name a payout account must carry: once a BVN or NIN is verified, the name on that record
 * (docs/identity.md), and it must match in full; until then the profile's, where a partial fit is
 * saved and flagged.
 */
function judgeAccountName(customerName: string, verifiedName: string | undefined, accountName: string): NameMatch {
  if (!verifiedName) return matchAccountName(customerName, accountName);
  return matchAccountName(verifiedName, accountName) === 'match' ? 'match' : 'mismatch';
}

/**
 * Asks the lookup provider whose account this is and compares its name with the customer's; the
 * provider's failures become customer messages.
 */
export async function resolveAccountName(
  db: Db,
  lookup: BankLookup,
  userId: string,
  input: ResolveBankAccountInput,
): Promise<ResolvedAccount> {
  await findBank(db, input.bank_code);
  const { fullName } = await customer(db, userId);
  try {
    const { accountName } = await lookup.resolveAccount(input.bank_code, input.bank_account, { fullName });
    return { accountName, nameMatch: judgeAccountName(fullName, (await verifiedIdentity(db, userId))?.name, accountName) };
  } catch (error) {
    if (error instanceof BankLookupError && error.kind === 'not_found') {
      throw new DomainError(bankErrorCodes.unresolved, bankMessages.unresolved, 422, {
        fields: { bank_account: bankMessages.unresolved },
      });
    }
    if (error instanceof BankLookupError) {
      throw new DomainError(bankErrorCodes.lookupUnavailable, bankMessages.lookupUnavailable, 503);
    }
    throw error;
  }
}

const nameMismatch = () =>
  new DomainError(bankErrorCodes.nameMismatch, bankMessages.nameMismatch, 422, { fields: { bank_account: bankMessages.nameMismatch } });

/**
 * Saves the payout account under the name the provider resolved (never a name the browser
 * sends), only if that name is the customer's: a clear mismatch is refused, a partial fit saved
 * with its verdict (staff see it on each sale). Replacing existing details needs the transaction
 * PIN (deviation), and ends the customer's other sessions and e-mails them: whoever changed it
 * from a stolen session is noticed, and signed out everywhere else. A first account with no PIN
 * set needs the password (docs/identity.md): a session cookie alone saves no payout account.
 */
export async function updateBankDetails(
  db: Db,
  deps: BankDeps,
  userId: string,
  input: UpdateBankInput,
  /** The session making the change: the only one kept. */
  sessionHash: string,
): Promise<BankDetailsResponse> {
  const bank = await findBank(db, input.bank_code);
  const existing = await hasBankDetails(db, userId);
  if (existing) {
    if (!(await hasPin(db, userId))) throw new DomainError(bankErrorCodes.pinRequired, bankMessages.pinNotSet, 400);
    if (!input.pin) {
      throw new DomainError(bankErrorCodes.pinRequired, bankMessages.pinRequired, 400, { fields: { pin: bankMessages.pinRequired } });
    }
    await verifyPin(db, deps.clock, userId, input.pin);
  } else if (!(await hasPin(db, userId))) {
    if (!input.password) {
      throw new DomainError(bankErrorCodes.passwordRequired, bankMessages.passwordRequired, 400, {
        fields: { password: bankMessages.passwordRequired },
      });
    }
    await deps.checkPassword(input.password);
  }
  const { accountName, nameMatch } = await resolveAccountName(db, deps.lookup, userId, input);
  if (nameMatch === 'mismatch') throw nameMismatch();
  const verdict: AccountNameMatch = nameMatch;
  const now = deps.clock.now();
  const values = { bankCode: bank.code, accountNumber: input.bank_account, accountName, nameMatch: verdict, updatedAt: now };
  await db.transaction(async (tx) => {
    if (existing) {
      await tx.update(bankDetails).set(values).where(eq(bankDetails.userId, userId));
    } else {
      const inserted = await tx
        .insert(bankDetails)
        .values({ userId, ...values })
        .onConflictDoNothing()
        .returning({ userId: bankDetails.userId });
      // Details appeared meanwhile (a parallel request): replacing them needs the PIN.
      if (inserted.length === 0) {
        throw new DomainError(bankErrorCodes.pinRequired, bankMessages.pinRequired, 400, { fields: { pin: bankMessages.pinRequired } });
      }
    }
    // A payout that failed or was reversed goes out again, to the new account (domain/payouts).
    await retryFailedPayoutsAfterBankChange(tx, userId, deps.clock);
    const masked = maskAccountNumber(input.bank_account);
    await notify(
      tx,
      userId,
      textOf(notificationTexts, (t) => (existing ? t.bankDetailsChanged(bank.name, masked) : t.bankDetailsAdded(bank.name, masked))),
      { topic: 'bank' },
    );
    if (existing) {
      await deleteUserSessions(tx, userId, sessionHash);
      const { email } = await customer(tx, userId);
      const t = textsIn(bankMessages, await languageOf(tx, userId));
      await enqueueEmail(tx, deps.clock, { to: email, subject: t.changedEmailSubject, text: t.changedEmailText(bank.name, masked) });
    }
  });
  return { bank_name: bank.name, bank_code: bank.code, bank_account: input.bank_account, account_name: accountName };
}
