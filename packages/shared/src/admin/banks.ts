// Back office: the bank list (helper: business).
import { z } from 'zod';
import { plainText } from '../fields';

export const bankAdminMessages = {
  codeInvalid: 'A bank code is 3-6 digits (its CBN or NIBSS code)',
  nameInvalid: 'Enter the bank name (2-100 characters)',
  activeInvalid: 'Must be true or false',
  codeTaken: 'A bank with this code already exists',
  nameTaken: 'A bank with this name already exists',
  notFound: 'No such bank',
} as const;

const bankCodeField = z
  .string({ error: bankAdminMessages.codeInvalid })
  .trim()
  .regex(/^\d{3,6}$/, bankAdminMessages.codeInvalid);

export const bankCodeParamsSchema = z.object({ code: bankCodeField });

/** POST /api/admin/banks: a bank customers can then choose for their payouts. */
export const createBankSchema = z.strictObject({
  code: bankCodeField,
  name: plainText(
    z.string({ error: bankAdminMessages.nameInvalid }).trim().min(2, bankAdminMessages.nameInvalid).max(100, bankAdminMessages.nameInvalid),
  ),
  active: z.boolean({ error: bankAdminMessages.activeInvalid }).default(true),
});
export type CreateBankInput = z.input<typeof createBankSchema>;

/**
 * PATCH /api/admin/banks/:code. A deactivated bank leaves the customers' list; accounts already
 * saved with it keep working (their sales snapshot the bank), but no one can choose it anew.
 */
export const updateBankSchema = z.strictObject({ active: z.boolean({ error: bankAdminMessages.activeInvalid }) });
export type UpdateBankInput = z.infer<typeof updateBankSchema>;

export const adminBankSchema = z.object({
  code: z.string(),
  name: z.string(),
  active: z.boolean(),
  /** Customers whose saved payout account is at this bank. */
  accounts: z.number().int(),
});
export type AdminBank = z.infer<typeof adminBankSchema>;
export const adminBankListSchema = z.object({ banks: z.array(adminBankSchema) });
export const adminBankResponseSchema = z.object({ bank: adminBankSchema });
