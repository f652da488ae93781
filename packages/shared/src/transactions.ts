import { z } from 'zod';
import { cursorQueryField, pageLimitQueryField } from './lists';
import { fieldMessages as m } from './messages';
import { PAYOUT_FAILURE_CODES } from './plain/payouts';
import { TRANSACTION_STATUSES, TRANSACTIONS_PAGE_MAX, TRANSACTION_CURSOR_MAX } from './plain/transactions';

export {
  TRANSACTION_STATUSES,
  PENDING_REFETCH_MS,
  LIVE_PENDING_REFETCH_MS,
  TRANSACTIONS_PAGE_SIZE,
  TRANSACTIONS_PAGE_MAX,
  TRANSACTION_CURSOR_MAX,
} from './plain/transactions';
export type { TransactionStatus } from './plain/transactions';

/** One row of the transactions list: every kind of sale (gift card now, crypto next, bills after). */
export const transactionItemSchema = z.object({
  id: z.string(),
  /** ISO instant the sale was submitted. */
  transaction_date: z.string(),
  /** 'giftcard' | 'crypto' | … */
  transaction_type: z.string(),
  /** e.g. "Amazon · USA physical" */
  title: z.string(),
  /** Naira value in kobo (integers only: docs/decisions.md §4). */
  amount_kobo: z.number().int(),
  status: z.enum(TRANSACTION_STATUSES),
  /** The card art or the first image. */
  image_path_url: z.string().nullable(),
  crypto_logo_url: z.string().nullable(),
  comment: z.string().nullable(),
  /**
   * A sale whose payout failed or was reversed by the bank (its status stays `pending`: it still
   * waits for money): the reason in the customer's words. Absent or null otherwise.
   */
  payout_failure: z.object({ code: z.enum(PAYOUT_FAILURE_CODES), reason: z.string() }).nullish(),
  /**
   * An approved sale whose payout has not reached the payout provider for a while (an outage on
   * the bank's side): the customer's words, until it is paid. Absent or null otherwise.
   */
  payout_delay: z.string().nullish(),
  /**
   * A sale's amount staff approved paying (what was paid once it is successful); null before
   * approval and for other kinds. When it differs from `amount_kobo` (the quote), `amount_reason`
   * says why in the customer's words.
   */
  paid_amount_kobo: z.number().int().nullish(),
  amount_reason: z.string().nullish(),
});
export type TransactionItem = z.infer<typeof transactionItemSchema>;

/** Newest first; `next_cursor` is null on the last page. */
export const transactionListResponseSchema = z.object({
  transactions: z.array(transactionItemSchema),
  next_cursor: z.string().nullable(),
});
export type TransactionListResponse = z.infer<typeof transactionListResponseSchema>;

/** GET /api/transactions?status=&cursor=&limit= — search by status (docs/product.md §2); empty means all. */
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
