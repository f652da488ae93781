// Back office: the review desk (apps/server/src/domain/admin/review/README.md, "The desk").
import { z } from 'zod';

/** How long a sale may wait before the queue colours its age (REVIEW_TARGET_MINUTES, the server's default). */
export const REVIEW_TARGET_MINUTES_DEFAULT = 15;

const waitingSchema = z.object({ count: z.number().int(), total_kobo: z.number().int() });

/** GET /api/admin/sales/desk: what waits, by kind, and today's work (the day in APP_TIMEZONE). */
export const adminDeskSummarySchema = z.object({
  review_target_minutes: z.number().int(),
  /** Sales waiting for a first decision (the queue's "Waiting" view). */
  waiting: z.object({ giftcard: waitingSchema, crypto: waitingSchema }),
  /** Sales approved once and waiting for a second admin: their count and the amounts asked. */
  second_approval: waitingSchema.optional(),
  /** Waiting sales an admin assigned to the caller. */
  mine: z.object({ count: z.number().int() }),
  today: z.object({
    date: z.string(),
    time_zone: z.string(),
    approved: z.number().int(),
    rejected: z.number().int(),
    /** Successful payouts settled today and their naira (kobo). */
    paid_count: z.number().int(),
    paid_total_kobo: z.number().int(),
  }),
  generated_at: z.string(),
});
export type AdminDeskSummary = z.infer<typeof adminDeskSummarySchema>;

/** POST /api/admin/sales/:id/assign (admin): a reviewer's id, or null to take the assignment back. */
export const assignSaleBodySchema = z.object({ staff_id: z.uuid().nullable() });
export type AssignSaleBody = z.infer<typeof assignSaleBodySchema>;

/** GET /api/admin/staff/reviewers: who a sale can be assigned to (active staff). */
export const adminReviewerListSchema = z.object({
  reviewers: z.array(z.object({ id: z.string(), name: z.string(), role: z.enum(['reviewer', 'admin']) })),
});
export type AdminReviewerList = z.infer<typeof adminReviewerListSchema>;

export const EXPORT_KINDS = ['sales', 'payouts', 'bill_orders'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];
/** The longest range one export covers. */
export const EXPORT_MAX_DAYS = 366;

const localDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'A date as YYYY-MM-DD');

/** GET /api/admin/exports/:kind?from=&to= — dates in the business time zone, both included. */
export const exportParamsSchema = z.object({ kind: z.enum(EXPORT_KINDS) });
export const exportQuerySchema = z
  .object({ from: localDate, to: localDate })
  .refine((range) => range.from <= range.to, { path: ['to'], message: 'The end date is before the start date' })
  .refine((range) => (Date.parse(range.to) - Date.parse(range.from)) / 86_400_000 < EXPORT_MAX_DAYS, {
    path: ['to'],
    message: `At most ${EXPORT_MAX_DAYS} days at once`,
  });
export type ExportQuery = z.infer<typeof exportQuerySchema>;

/** GET /api/admin/dashboard/review-times?days=14|30. */
export const reviewTimesQuerySchema = z.object({ days: z.enum(['14', '30']).default('14') });
export const reviewTimesDaySchema = z.object({
  /** The local date (APP_TIMEZONE). */
  date: z.string(),
  /** Sales decided that day, and the median and 90th percentile of submission → decision (seconds). */
  decided: z.number().int(),
  decision_p50_s: z.number().int().nullable(),
  decision_p90_s: z.number().int().nullable(),
  /** Sales paid that day, and submission → paid (seconds). */
  paid: z.number().int(),
  paid_p50_s: z.number().int().nullable(),
  paid_p90_s: z.number().int().nullable(),
});
export type ReviewTimesDay = z.infer<typeof reviewTimesDaySchema>;
export const reviewTimesSchema = z.object({ time_zone: z.string(), days: z.array(reviewTimesDaySchema) });
export type ReviewTimes = z.infer<typeof reviewTimesSchema>;
