import { z } from 'zod';
import { BANK_ACCOUNT_LENGTH } from './constants';
import { loginPasswordField, requiredString } from './fields';
import { fieldMessages as m } from './messages';
import { pinField } from './pin';

export { bankMessages, bankErrorCodes, maskAccountNumber, ACCOUNT_NAME_MATCHES, type AccountNameMatch } from './plain/bank';
export { matchAccountName, nameTokens, canonicalName, type NameMatch } from './plain/name-match';

/** docs/product.md §5: required; exactly 10 digits ('Invalid account number'). */
export const bankAccountField = requiredString().regex(new RegExp(`^\\d{${BANK_ACCOUNT_LENGTH}}$`), m.invalidAccountNumber);
/** A bank from GET /api/banks, by its CBN/NIBSS code. */
export const bankCodeField = requiredString().max(10, m.invalidEntry).regex(/^\d+$/, m.invalidEntry);

export const resolveBankAccountSchema = z.strictObject({ bank_code: bankCodeField, bank_account: bankAccountField });
export type ResolveBankAccountInput = z.infer<typeof resolveBankAccountSchema>;
/** The name on the account and how it fits the customer's own (a mismatch cannot be saved). */
export const resolvedAccountSchema = z.object({ account_name: z.string(), name_match: z.enum(['match', 'partial', 'mismatch']) });
export type ResolvedAccount = z.infer<typeof resolvedAccountSchema>;

/** PUT /api/bank. The PIN is required by the server when bank details already exist (payouts go there). */
export const updateBankSchema = z.strictObject({
  bank_code: bankCodeField,
  bank_account: bankAccountField,
  pin: pinField.optional(),
  /** The password, for a first payout account when no PIN is set (docs/identity.md). */
  password: loginPasswordField.optional(),
});
export type UpdateBankInput = z.infer<typeof updateBankSchema>;

export const bankSchema = z.object({ code: z.string(), name: z.string() });
export type Bank = z.infer<typeof bankSchema>;
export const bankListResponseSchema = z.array(bankSchema);

/** docs/product.md §3: bank_name and bank_account are null while none are added. */
export const bankDetailsResponseSchema = z.object({
  bank_name: z.string().nullable(),
  bank_code: z.string().nullable(),
  bank_account: z.string().nullable(),
  account_name: z.string().nullable(),
});
export type BankDetailsResponse = z.infer<typeof bankDetailsResponseSchema>;

/** The update form when bank details already exist: the PIN becomes required. */
export const updateBankWithPinSchema = updateBankSchema.extend({ pin: pinField });
/** A first payout account while no PIN is set: the password instead (docs/identity.md). */
export const updateBankWithPasswordSchema = updateBankSchema.extend({ password: loginPasswordField });
