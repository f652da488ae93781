// Back office: deposits on customers' own addresses that the watcher could not sell by itself
// (docs/crypto-settlement.md, "Deposits that wait for a person"). A reviewer prices one into a
// sale at today's rate — the sale then waits at the desk for another person's approval — or closes
// it with a reason the customer reads.
import { z } from 'zod';
import { COIN_IDS, CRYPTO_NETWORK_IDS } from '../crypto';
import { isPlainText } from '../fields';
import { staffConfirmationFields } from './confirmation';
import { reviewMessages } from './sales';

/** Why the watcher did not sell a deposit itself (chain_deposits.review_reason of one with no sale). */
export const DEPOSIT_DESK_REASONS = [
  'unexpected_token',
  'amount_mismatch',
  'transaction_id_used',
  'quote_used',
  'not_priced',
  'account_closed',
  'below_minimum',
] as const;
export type DepositDeskReason = (typeof DEPOSIT_DESK_REASONS)[number];

export const depositDeskReasonLabels: Record<DepositDeskReason, string> = {
  unexpected_token: 'Not the token we buy (a look-alike contract or mint)',
  amount_mismatch: "Amount far from the customer's quote",
  transaction_id_used: 'Another sale holds this transaction ID',
  quote_used: 'The quote was already sold by hand',
  not_priced: 'No prices when it was first seen',
  account_closed: "The customer's account is closed",
  below_minimum: 'Below the smallest deposit we buy',
};

/** Which deposits the desk lists: those waiting for a decision, those held below the minimum, or those closed. */
export const DEPOSIT_DESK_VIEWS = ['review', 'held', 'closed'] as const;
export type DepositDeskView = (typeof DEPOSIT_DESK_VIEWS)[number];
export const depositDeskQuerySchema = z.object({ view: z.enum(DEPOSIT_DESK_VIEWS).default('review') });
export type DepositDeskQuery = z.infer<typeof depositDeskQuerySchema>;

const staffRefSchema = z.object({ id: z.string(), name: z.string() });

export const depositDeskItemSchema = z.object({
  id: z.string(),
  status: z.enum(['review', 'held', 'closed']),
  reason: z.enum(DEPOSIT_DESK_REASONS).nullable(),
  customer: z.object({ id: z.string(), name: z.string(), email: z.string(), closed: z.boolean() }),
  network: z.enum(CRYPTO_NETWORK_IDS),
  /** The coin it is (or imitates: a look-alike token shows as the coin it copies). */
  coin: z.enum(COIN_IDS),
  /** False for a token from a contract or mint that is not the configured one: worth nothing to us. */
  genuine: z.boolean(),
  contract: z.string().nullable(),
  amount: z.string(),
  amount_base: z.string(),
  txid: z.string(),
  explorer_url: z.string(),
  address: z.string(),
  sender: z.string().nullable(),
  confirmations: z.number().int().nonnegative(),
  required_confirmations: z.number().int().positive(),
  block_number: z.string().nullable(),
  block_time: z.string().nullable(),
  first_seen_at: z.string(),
  confirmed_at: z.string().nullable(),
  /** The sale that holds this transaction ID (transaction_id_used), and whether it is this customer's. */
  holder_sale: z.object({ id: z.string(), status: z.string(), same_customer: z.boolean() }).nullable(),
  /** Whether "Price into a sale" can work now, and if not, why (shown beside the disabled button). */
  can_price: z.boolean(),
  price_refusal: z.string().nullable(),
  /** Set once closed: who closed it, when, and the reason the customer reads. */
  closed_by: staffRefSchema.nullable(),
  closed_at: z.string().nullable(),
  close_note: z.string().nullable(),
});
export type DepositDeskItem = z.infer<typeof depositDeskItemSchema>;

/** GET /api/admin/crypto/deposits?view=review|held|closed (reviewers and admins), oldest first for review and held. */
export const depositDeskListSchema = z.object({ deposits: z.array(depositDeskItemSchema) });
export type DepositDeskList = z.infer<typeof depositDeskListSchema>;

export const depositDeskParamsSchema = z.object({ id: z.uuid() });

/**
 * POST /api/admin/crypto/deposits/:id/price: a quote at today's rate for what arrived and a sale of
 * the deposit priced by it, waiting at the desk. The one who priced it can never approve it (the
 * database refuses), nor can the system approver.
 */
export const priceDepositSchema = z.object({ ...staffConfirmationFields });
export type PriceDepositInput = z.infer<typeof priceDepositSchema>;
export const priceDepositResponseSchema = z.object({
  sale: z.object({ id: z.string(), value_kobo: z.number().int().nonnegative(), coin_amount: z.string() }),
});
export type PriceDepositResponse = z.infer<typeof priceDepositResponseSchema>;

/** Unicode's bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069). */
const DIRECTION_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/;

export const DEPOSIT_CLOSE_NOTE_MIN = 10;
export const DEPOSIT_CLOSE_NOTE_MAX = 300;

export const depositDeskMessages = {
  closeNoteLength: `Tell the customer why in ${DEPOSIT_CLOSE_NOTE_MIN} to ${DEPOSIT_CLOSE_NOTE_MAX} characters`,
  notWaiting: 'This deposit is no longer waiting for a decision. Refresh the list.',
  notGenuine: 'This is not the token we buy, so it cannot be priced. Close it and tell the customer.',
  belowMinimum: 'This deposit is below the smallest we buy, so it cannot be priced.',
  accountClosed: "The customer's account is closed, so no sale can be made for them.",
  noBankDetails: 'The customer has no bank details yet: a sale cannot be paid until they add them.',
  transactionIdHeld: 'Another sale holds this transaction ID. Decide that sale first; this deposit can then only be closed.',
  unconfirmed: (confirmations: number, required: number) =>
    `Wait for its confirmations (${confirmations} of ${required}) before pricing it.`,
  pricerCannotApprove: 'You priced this deposit, so another reviewer approves its sale.',
  tooLarge: 'At today\u2019s rate this deposit is worth more than the largest sale we take. Close it and contact the customer.',
  ratesUnavailable: 'Prices are not available right now. Try again in a minute.',
  priced: 'Priced into a sale. Another reviewer approves it at the desk.',
  closed: 'Deposit closed. The customer sees your reason.',
} as const;

/** POST /api/admin/crypto/deposits/:id/close: the reason is what the customer reads on their deposit. */
export const closeDepositSchema = z.object({
  note: z
    .string()
    // The customer reads it in the app and in an e-mail: one line, no control character, and no
    // direction override or isolate that would make it read otherwise than it is written.
    .refine((value) => isPlainText(value) && !DIRECTION_CONTROLS.test(value), { message: reviewMessages.invalidText, abort: true })
    .trim()
    .min(DEPOSIT_CLOSE_NOTE_MIN, depositDeskMessages.closeNoteLength)
    .max(DEPOSIT_CLOSE_NOTE_MAX, depositDeskMessages.closeNoteLength),
  ...staffConfirmationFields,
});
export type CloseDepositInput = z.infer<typeof closeDepositSchema>;
export const closeDepositResponseSchema = z.object({ deposit: depositDeskItemSchema });
export type CloseDepositResponse = z.infer<typeof closeDepositResponseSchema>;

export const depositDeskErrorCodes = {
  notWaiting: 'DEPOSIT_NOT_WAITING',
  cannotPrice: 'DEPOSIT_CANNOT_BE_PRICED',
  /** The one who priced a deposit tries to approve its sale, or to confirm its second approval (403). */
  pricerCannotApprove: 'DEPOSIT_PRICER_CANNOT_APPROVE',
} as const;
