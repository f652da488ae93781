/*
 * The rewards screens' own words (docs/product.md §2 /rewards, /rewards/history, /rewards/success):
 * one object per screen or component. The claims' messages are rewardMessages (plain/gems.ts), the
 * level's rewardLevelTexts, the invite card's referralTexts.
 */

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

export const rewardsSuccessTexts = {
  title: 'Reward claimed',
  back: 'Back to Rewards',
  goHome: 'Go to Home',
  inBalance: 'Your rewards are in your gem balance.',
} as const;

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

export const rewardRowTexts = {
  points: (points: number) => `${points} gems`,
} as const;
