import { z } from 'zod';

export {
  receiptTexts,
  receiptLabels,
  formatReceiptTime,
  formatKoboDifference,
  saleReceipt,
  billReceipt,
  transactionReceipt,
} from './plain/receipts';
export type { Receipt, ReceiptRow, ReceiptSection, ReceiptNote, ReceiptTone } from './plain/receipts';
export { REVIEW_TIME_WINDOW_HOURS, REVIEW_TIME_CACHE_SECONDS, formatReviewDuration, afterSaleTexts } from './plain/review-time';

/** GET /api/sales/review-time: the median time to a decision over the last 24 hours (null when none). */
export const reviewTimeResponseSchema = z.object({
  median_seconds: z.int().min(0).nullable(),
  reviews: z.int().min(0),
  window_hours: z.int().min(1),
});
export type ReviewTimeResponse = z.infer<typeof reviewTimeResponseSchema>;
