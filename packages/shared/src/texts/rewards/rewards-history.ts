/** /rewards/history (docs/product.md §2). */

export const rewardsHistoryTexts = {
  pageTitle: 'Rewards History · Wise',
  loading: 'Loading rewards',
  failedText: 'Check your connection and try again.',
  tryAgain: 'Try again',
  emptyTitle: 'No rewards claimed yet',
  emptyText: 'Rewards arrive when your sales are approved. Collect them and they show up here.',
  goToRewards: 'Go to Rewards',
  list: 'Rewards history',
} as const;
