/** /rewards and its cards (docs/product.md §2; docs/features.md, "Reward levels", "Referrals"). */

export const rewardsScreenTexts = {
  title: 'Rewards',
  pageTitle: 'Rewards · Wise',
  totalLabel: 'Total rewards claimed',
  retry: 'Retry',
  noNew: 'No new rewards yet',
  readyToCollect: (gems: string) => `${gems} gems ready to collect`,
  step1: 'Sell gift cards or crypto on Wise.',
  step2: 'Each sale we approve earns you Wise Gems.',
  step3: 'Collect them into your balance and spend them on airtime, data, TV and electricity.',
  collecting: 'Collecting...',
} as const;

/** The retry link of the cards on /rewards (reward level, invite friends). */
export const rewardCardTexts = { retry: 'Retry' } as const;
