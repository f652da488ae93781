import { z } from 'zod';
import { cursorQueryField, pageLimitQueryField } from './lists';
import { fieldMessages as m } from './messages';

/** SPEC §4: pending, successful, rejected. */
export const TRANSACTION_STATUSES = ['pending', 'successful', 'rejected'] as const;
export type TransactionStatus = (typeof TRANSACTION_STATUSES)[number];

/** One row of the transactions list: every kind of sale (gift card now, crypto next, bills after). */
export const transactionItemSchema = z.object({
  id: z.string(),
  /** ISO instant the sale was submitted. */
  transaction_date: z.string(),
  /** 'giftcard' | 'crypto' | … */
  transaction_type: z.string(),
  /** e.g. "Amazon · USA physical" */
  title: z.string(),
  /** Naira value in kobo (integers only: DESIGN §4). */
  amount_kobo: z.number().int(),
  status: z.enum(TRANSACTION_STATUSES),
  /** The card art or the first image. */
  image_path_url: z.string().nullable(),
  crypto_logo_url: z.string().nullable(),
  comment: z.string().nullable(),
});
export type TransactionItem = z.infer<typeof transactionItemSchema>;

/**
 * While a transaction the customer is looking at is still pending, its list and detail are asked
 * for again this often, so "Successful" or "Rejected" appears within seconds of staff deciding
 * (issue 11), without a reload; nothing is polled once every shown transaction has settled.
 */
export const PENDING_REFETCH_MS = 5_000;

export const TRANSACTIONS_PAGE_SIZE = 20;
export const TRANSACTIONS_PAGE_MAX = 50;
/** Opaque keyset cursors are short base64url strings; anything longer is not ours. */
export const TRANSACTION_CURSOR_MAX = 200;

/** Newest first; `next_cursor` is null on the last page. */
export const transactionListResponseSchema = z.object({
  transactions: z.array(transactionItemSchema),
  next_cursor: z.string().nullable(),
});
export type TransactionListResponse = z.infer<typeof transactionListResponseSchema>;

/** GET /api/transactions?status=&cursor=&limit= — search by status (SPEC §2); empty means all. */
export const transactionSearchSchema = z.object({
  status: z
    .enum(TRANSACTION_STATUSES, { error: m.invalidEntry })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  cursor: cursorQueryField(TRANSACTION_CURSOR_MAX),
  limit: pageLimitQueryField(TRANSACTIONS_PAGE_MAX),
});
export type TransactionSearch = z.infer<typeof transactionSearchSchema>;

export const transactionIdParamsSchema = z.object({ id: z.uuid({ error: m.invalidEntry }) });
