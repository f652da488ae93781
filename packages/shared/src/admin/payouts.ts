import { z } from 'zod';

/**
 * Back office: payouts as staff see them (issue 11 "Payouts"). Each attempt to pay a sale is one
 * row with its own reference; a sale has at most one attempt that has not failed.
 */

/** How an attempt pays: through the payout provider, or recorded by hand by an admin. */
export const payoutMethods = ['transfer', 'manual'] as const;
export type PayoutMethod = (typeof payoutMethods)[number];

/** queued → sending → pending → success | failed (sending may settle at once). */
export const payoutStatuses = ['queued', 'sending', 'pending', 'success', 'failed'] as const;
export type PayoutStatus = (typeof payoutStatuses)[number];

/** What staff read for each state of an attempt. */
export const payoutStatusLabels: Record<PayoutStatus, string> = {
  queued: 'Waiting to send',
  sending: 'Sending',
  pending: 'Sent — waiting for the bank',
  success: 'Paid',
  failed: 'Payout failed',
};

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
});
export type AdminPayout = z.infer<typeof adminPayoutSchema>;
