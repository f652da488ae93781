// Back office: the back-office dashboard (helper: business).
import { z } from 'zod';

/** GET /api/admin/dashboard: what needs staff now, and today's figures (the day in APP_TIMEZONE). */
export const adminDashboardSchema = z.object({
  pending_sales: z.object({
    count: z.number().int(),
    /** The oldest undecided sale's submission time and age; null when none waits. */
    oldest_created_at: z.string().nullable(),
    oldest_age_minutes: z.number().int().nullable(),
  }),
  today: z.object({
    /** The local date in the business's time zone, e.g. "2026-11-22", and that zone. */
    date: z.string(),
    time_zone: z.string(),
    approved: z.number().int(),
    rejected: z.number().int(),
  }),
  /** Payouts that succeeded today, and the naira they paid (kobo). */
  payouts_today: z.object({ count: z.number().int(), total_kobo: z.number().int() }),
  /** Approved sales whose latest payout failed and that nobody has retried or settled by hand. */
  payouts_failed: z.object({ count: z.number().int() }),
  /** Successes held because the provider reported another amount or currency: staff resolve them. */
  payouts_held: z.object({ count: z.number().int() }).optional(),
  /**
   * Open payouts failing to reach the payout provider right now (refused, 5xx, time-outs; each
   * retries by itself): how many, since when, and the latest reason. Count 0 when it answers.
   */
  payouts_provider_unreachable: z
    .object({ count: z.number().int(), since: z.string().nullable(), reason: z.string().nullable() })
    .optional(),
  /** Approvals above the quote or the single-approval limit waiting for a second approver (an admin). */
  awaiting_second_approval: z.object({ count: z.number().int() }).optional(),
  /** Bill orders processing for longer than BILL_ORDER_STUCK_MINUTES. */
  bill_orders_stuck: z.object({ count: z.number().int(), oldest_authorised_at: z.string().nullable() }),
  /** Open alert incidents (payouts failing, stuck or held, the job queue, stale prices, the ledger audit, provider floats, reconciliation mismatches), oldest first. */
  alerts: z.array(z.object({ kind: z.string(), title: z.string(), detail: z.string(), opened_at: z.string() })).optional(),
  generated_at: z.string(),
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;
