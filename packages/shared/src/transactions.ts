import { z } from 'zod';
import { fieldMessages as m } from './messages';

/** SPEC §4: pending, successful, rejected. */
export const TRANSACTION_STATUSES = ['pending', 'successful', 'rejected'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

export const transactionSchema = z.object({
  id: z.string(),
  transaction_date: z.string(),
  transaction_type: z.string(),
  /** Naira value in kobo (integers only: DESIGN §4). */
  amount_kobo: z.number().int(),
  status: z.enum(TRANSACTION_STATUSES),
  image_path_url: z.string().nullable(),
  comment: z.string().nullable(),
});
export type Transaction = z.infer<typeof transactionSchema>;
/** Newest first. */
export const transactionListResponseSchema = z.array(transactionSchema);

/** GET /api/transactions?status= — search by status (SPEC §2); empty means all. */
export const transactionSearchSchema = z.object({
  status: z
    .enum(TRANSACTION_STATUSES, { error: m.invalidEntry })
    .optional()
    .or(z.literal('').transform(() => undefined)),
});

export const TRANSACTIONS_PAGE_SIZE = 200;
