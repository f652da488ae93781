/** /profile/wisegembalance. */
export const gemBalanceTexts = {
  title: 'Wise Gem Balance',
  totalPoints: 'Total points',
  total: 'Total Wise Gems',
  collect: 'Collect Wise Gems',
} as const;
