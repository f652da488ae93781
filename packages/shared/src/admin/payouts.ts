import { z } from 'zod';

/**
 * Back office: payouts as staff see them (docs/decisions.md §8). Each attempt to pay a sale is one
 * row with its own reference; a sale has at most one attempt that has not failed.
 */

/** How an attempt pays: through the payout provider, or recorded by hand by an admin. */
export const payoutMethods = ['transfer', 'manual'] as const;
export type PayoutMethod = (typeof payoutMethods)[number];

/**
 * queued → sending → pending → success | failed (sending may settle at once); a success whose
 * amount or currency differs from the attempt is held (`needs_review`) until staff resolve it;
 * a success the bank takes back becomes `reversed` (the sale is reopened).
 */
export const payoutStatuses = ['queued', 'sending', 'pending', 'needs_review', 'success', 'failed', 'reversed'] as const;
export type PayoutStatus = (typeof payoutStatuses)[number];

/** What staff read for each state of an attempt. */
export const payoutStatusLabels: Record<PayoutStatus, string> = {
  queued: 'Waiting to send',
  sending: 'Sending',
  pending: 'Sent — waiting for the bank',
  needs_review: 'Held — provider figures differ',
  success: 'Paid',
  failed: 'Payout failed',
  reversed: 'Reversed by the bank',
};

/**
 * An open attempt held apart from its status (migration 0025): not sent or refused because the
 * transfer balance cannot cover it (it goes out by itself once the float is topped up), or
 * accepted by Paystack but waiting for an OTP. The customer still sees the payout processing.
 */
export const payoutHolds = ['waiting_for_funds', 'awaiting_otp'] as const;
export type PayoutHold = (typeof payoutHolds)[number];

export const payoutHoldLabels: Record<PayoutHold, string> = {
  waiting_for_funds: 'Waiting for funds — top up the transfer balance',
  awaiting_otp: 'Waiting for an OTP at Paystack',
};

/** Staff's two answers to a held payout (POST /api/admin/sales/:id/payout/resolve). */
export const payoutResolutions = ['paid', 'not_paid'] as const;
export type PayoutResolution = (typeof payoutResolutions)[number];

/** One attempt, for the staff sale detail (domain/payouts `getSalePayouts`). Times are ISO strings. */
export const adminPayoutSchema = z.object({
  id: z.string(),
  attempt: z.number().int(),
  /** Our reference, sent with the transfer: the provider makes at most one transfer for it. */
  reference: z.string(),
  method: z.enum(payoutMethods),
  status: z.enum(payoutStatuses),
  amount_kobo: z.number().int(),
  /** The provider's transfer code, or the reference staff recorded for a manual payment. */
  provider_reference: z.string().nullable(),
  failure_reason: z.string().nullable(),
  note: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  settled_at: z.string().nullable(),
  /** The account this attempt pays (the sale's snapshot, or the customer's new details after a change). */
  account: z
    .object({ bank_code: z.string(), bank_name: z.string().nullable(), account_number: z.string(), account_name: z.string() })
    .optional(),
  /** Staff (approval, retry, manual record) or the customer (their bank change retried it). */
  started_by: z.enum(['staff', 'customer']).optional(),
  /** True when this attempt pays another account than the one snapshotted with the sale. */
  account_changed: z.boolean().optional(),
  /** A held success: the provider's figures. */
  reported_amount_kobo: z.number().int().nullish(),
  reported_currency: z.string().nullish(),
  review_reason: z.string().nullish(),
  resolution_note: z.string().nullish(),
  reversed_at: z.string().nullish(),
  /** Held while open (waiting for funds, awaiting an OTP), and since when. */
  hold: z.enum(payoutHolds).nullish(),
  held_at: z.string().nullish(),
});
export type AdminPayout = z.infer<typeof adminPayoutSchema>;
