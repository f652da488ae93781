/** /data and /data/:provider (docs/product.md §2). */

export const dataScreenTexts = {
  title: 'Data · Wise',
  heading: 'Buy data',
  text: 'Choose a network. Pay with your Wise Gems. 1 gem is ₦1.',
  networkPlans: (network: string) => `${network} Data Plans`,
  plansTitle: (network: string) => `${network} Data Plans · Wise`,
  plansText: 'Enter the number, then choose a plan.',
} as const;

export const dataPlansTexts = {
  loading: 'Loading data plans',
  plans: (network: string) => `${network} data plans`,
} as const;
