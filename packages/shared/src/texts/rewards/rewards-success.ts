/** /rewards/success (docs/product.md §2). */

export const rewardsSuccessTexts = {
  title: 'Reward claimed',
  back: 'Back to Rewards',
  goHome: 'Go to Home',
  inBalance: 'Your rewards are in your gem balance.',
} as const;
