/*
 * The customer's money in motion: Home's "Your sales" strip and the Wallet's money section
 * (GET /api/sales/summary). Plain texts, so the screens that show them do not load zod.
 */

/** At most this many failed sales are named (each opens its detail; the rest are in the history). */
export const SALES_SUMMARY_FAILED_IDS_MAX = 3;

const sales = (count: number) => `${count} ${count === 1 ? 'sale' : 'sales'}`;

export const salesSummaryTexts = {
  heading: 'Your sales',
  seeAll: 'See all',
  waiting: 'In review',
  paying: 'Paying',
  paidToday: 'Paid today',
  failed: 'Payout failed',
  count: sales,
  /** A failed payout is fixed from where it is seen. */
  fixBank: 'Update bank details',
  failedText: (count: number) =>
    `${count === 1 ? 'A payout' : `${count} payouts`} could not reach your bank. Update your bank details and we pay again automatically.`,
  /** The Wallet's money section. */
  moneyHeading: 'Your money',
  onItsWay: 'On its way',
  onItsWayText: (count: number) => (count === 0 ? 'Nothing on its way' : `${sales(count)} in review or being paid`),
  paidThisMonth: 'Paid this month',
  paidThisMonthText: (count: number) => (count === 0 ? 'No payouts yet this month' : `${sales(count)} paid to your bank`),
  history: 'All transactions',
  bankHeading: 'Where we pay you',
} as const;
