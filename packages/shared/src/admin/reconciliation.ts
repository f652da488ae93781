import { z } from 'zod';
import { plainText } from '../fields';
import { staffConfirmationFields } from './confirmation';
import { payoutHolds } from './payouts';

/**
 * Back office: the daily reconciliation with the providers and their floats (docs/decisions.md
 * §5c; apps/server/src/domain/reconciliation/README.md). Admins only.
 */

export const reconciliationProviderKinds = ['payouts', 'bills'] as const;
export type ReconciliationProviderKind = (typeof reconciliationProviderKinds)[number];

export const mismatchKinds = ['missing_at_provider', 'missing_at_ours', 'amount_differs', 'status_differs'] as const;
export type MismatchKind = (typeof mismatchKinds)[number];

export const providerKindLabels: Record<ReconciliationProviderKind, string> = {
  payouts: 'Payouts (Paystack)',
  bills: 'Airtime and bills',
};

export const mismatchKindLabels: Record<MismatchKind, string> = {
  missing_at_provider: 'Missing at the provider',
  missing_at_ours: 'Missing in Wise',
  amount_differs: 'Amount differs',
  status_differs: 'Outcome differs',
};

/** What to do about each kind, as the Reconciliation page says it (docs/RELIABILITY.md repeats it). */
export const mismatchAdvice: Record<ReconciliationProviderKind, Record<MismatchKind, string>> = {
  payouts: {
    missing_at_provider:
      'Wise recorded this transfer as sent but Paystack has no transfer with its reference. Search the reference in the Paystack dashboard; if it never left, the payout did not happen: mark the attempt failed with the sale’s payout panel and retry it.',
    missing_at_ours:
      'Paystack made a transfer Wise has no record of (made by hand in the dashboard, or by another integration on the same key). Find out who made it and why; money that left for a sale must be recorded on that sale as a manual payment.',
    amount_differs:
      'Paystack moved another amount than the attempt. Compare with the bank statement; recover an overpayment from the customer or pay the difference by hand, and note what you did.',
    status_differs:
      'Paystack and Wise disagree on the outcome (paid here but failed or reversed there, or the other way round). Check the transfer in the dashboard; a missed reversal reopens the sale by the webhook or the status query — if the customer was paid twice, recover it.',
  },
  bills: {
    missing_at_provider:
      'Wise recorded this order as delivered (or refused by the provider) but the provider has no record of its request id. Ask the provider’s support with the request id before anything else; if it was never delivered, refund the customer’s gems by hand.',
    missing_at_ours: 'The provider has a purchase Wise has no order for. Ask the provider’s support who made it.',
    amount_differs:
      'The provider charged another amount than the order. Ask the provider for the difference back, or accept it and note why.',
    status_differs:
      'The provider says delivered while Wise refunded the gems (the customer has both), or failed while Wise captured the gems (the customer paid and got nothing). Confirm with the provider, then correct the customer’s gems by hand and note it.',
  },
};

export const reconciliationRunSchema = z.object({
  id: z.number().int(),
  provider_kind: z.enum(reconciliationProviderKinds),
  business_date: z.string(),
  trigger: z.enum(['schedule', 'staff']),
  requested_by: z.string().nullable(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  outcome: z.enum(['completed', 'failed']).nullable(),
  ours_count: z.number().int().nullable(),
  theirs_count: z.number().int().nullable(),
  unchecked_count: z.number().int().nullable(),
  mismatch_count: z.number().int().nullable(),
  error: z.string().nullable(),
});
export type ReconciliationRun = z.infer<typeof reconciliationRunSchema>;

export const reconciliationMismatchSchema = z.object({
  id: z.number().int(),
  run_id: z.number().int(),
  provider_kind: z.enum(reconciliationProviderKinds),
  kind: z.enum(mismatchKinds),
  reference: z.string(),
  ours: z.record(z.string(), z.unknown()).nullable(),
  theirs: z.record(z.string(), z.unknown()).nullable(),
  detected_at: z.string(),
  resolved_by: z.string().nullable(),
  resolved_at: z.string().nullable(),
  note: z.string().nullable(),
});
export type ReconciliationMismatch = z.infer<typeof reconciliationMismatchSchema>;

export const providerFloatSchema = z.object({
  provider_kind: z.enum(reconciliationProviderKinds),
  /** Null when the last reading failed (`error` says why) or none was made yet. */
  available_kobo: z.number().int().nullable(),
  alert_below_kobo: z.number().int(),
  error: z.string().nullable(),
  checked_at: z.string().nullable(),
});
export type ProviderFloat = z.infer<typeof providerFloatSchema>;

export const heldPayoutSchema = z.object({
  id: z.string(),
  sale_id: z.string(),
  reference: z.string(),
  amount_kobo: z.number().int(),
  hold: z.enum(payoutHolds),
  held_at: z.string(),
});
export type HeldPayout = z.infer<typeof heldPayoutSchema>;

export const reconciliationOverviewSchema = z.object({
  runs: z.array(reconciliationRunSchema),
  open_mismatches: z.array(reconciliationMismatchSchema),
  floats: z.array(providerFloatSchema),
  held_payouts: z.array(heldPayoutSchema),
});
export type ReconciliationOverview = z.infer<typeof reconciliationOverviewSchema>;

export const MISMATCH_NOTE_MAX = 1000;

export const resolveMismatchBodySchema = z.object({
  note: plainText(z.string().trim().min(1, 'Write what you checked and did').max(MISMATCH_NOTE_MAX), { multiline: true }),
  ...staffConfirmationFields,
});
export type ResolveMismatchBody = z.infer<typeof resolveMismatchBodySchema>;

export const runReconciliationBodySchema = z.object({
  provider_kind: z.enum(reconciliationProviderKinds),
  /** A business day (APP_TIMEZONE), YYYY-MM-DD, not after yesterday. */
  business_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Pick a day'),
  ...staffConfirmationFields,
});
export type RunReconciliationBody = z.infer<typeof runReconciliationBodySchema>;

export const mismatchParamsSchema = z.object({ id: z.coerce.number().int().positive() });
