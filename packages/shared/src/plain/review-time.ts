/*
 * How long reviews take now, told to the customer right after a sale: the median time from
 * submission to decision (approved or rejected) of the sales decided in the last 24 hours,
 * computed by the database (GET /api/sales/review-time).
 */

/** The window the median looks back over. */
export const REVIEW_TIME_WINDOW_HOURS = 24;
/** How long a server keeps the figure before asking the database again. */
export const REVIEW_TIME_CACHE_SECONDS = 60;

/** A duration as a person says it: "less than a minute", "about 12 minutes", "about 2 hours 15 minutes". */
export function formatReviewDuration(seconds: number): string {
  const minutes = Math.round(seconds / 60);
  const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;
  if (minutes < 1) return 'less than a minute';
  if (minutes < 60) return `about ${plural(minutes, 'minute')}`;
  // Past three hours the minutes are noise.
  if (minutes >= 180) return `about ${plural(Math.round(minutes / 60), 'hour')}`;
  const rest = minutes % 60;
  return `about ${plural(Math.floor(minutes / 60), 'hour')}${rest ? ` ${plural(rest, 'minute')}` : ''}`;
}

export const afterSaleTexts = {
  /** The card on the gift-card and crypto success screens. */
  summaryHeading: 'Your sale',
  sold: 'Sold',
  amount: 'Amount',
  value: 'You will receive',
  /** The median of the last day's reviews. */
  reviewTime: (medianSeconds: number) => `Reviews are taking ${formatReviewDuration(medianSeconds)} right now.`,
  /** No sale was decided in the last 24 hours: nothing to measure. */
  reviewTimeUnknown: "We'll review your sale as soon as possible and notify you the moment it's done.",
  reviewTimeBasis: (reviews: number) =>
    `Based on the ${reviews === 1 ? 'last review' : `${reviews} reviews`} of the past ${REVIEW_TIME_WINDOW_HOURS} hours.`,
  /** When the money should be in the bank: the sale's time plus the median review (payouts take seconds). */
  expectMoney: (time: string) => `Once it's approved, expect the money in your bank by about ${time}.`,
} as const;
