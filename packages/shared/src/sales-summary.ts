import { z } from 'zod';

export { salesSummaryTexts, SALES_SUMMARY_FAILED_IDS_MAX } from './plain/sales-summary';

const moneyCount = z.object({
  count: z.number().int().nonnegative(),
  /** Naira in kobo: the quoted value while waiting, the approved amount once approved. */
  amount_kobo: z.number().int().nonnegative(),
});

/**
 * GET /api/sales/summary: the customer's money in motion, for Home's "Your sales" strip and the
 * Wallet. Waiting = submitted or under review; paying = approved with its payout on its way;
 * failed = approved but the latest payout failed or was reversed (fixed by new bank details);
 * paid today / this month = paid within the business day / month (APP_TIMEZONE).
 */
export const salesSummaryResponseSchema = z.object({
  waiting: moneyCount,
  paying: moneyCount,
  failed: moneyCount.extend({ sale_ids: z.array(z.string()) }),
  paid_today: moneyCount,
  paid_this_month: moneyCount,
});
export type SalesSummaryResponse = z.infer<typeof salesSummaryResponseSchema>;
