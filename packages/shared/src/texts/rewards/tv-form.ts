/** The /tv form. */

export const tvFormTexts = {
  service: 'Service',
  selectService: 'Select service',
  variation: 'Variation',
  chooseServiceFirst: 'Choose a service first',
  loadingPlans: 'Loading plans...',
  selectPlan: 'Select plan',
  planOption: (name: string, gems: string) => `${name} · ${gems} gems`,
  tryAgain: 'Try again',
  smartCardNumber: 'Smart card number',
  smartCardPlaceholder: 'e.g. 7027914329',
  amountPlaceholder: "The plan's price",
  smartCard: 'Smart card',
} as const;
