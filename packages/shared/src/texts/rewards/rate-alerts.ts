/** The rate alerts on /rates (docs/features.md, "Rates and alerts") besides rateAlertTexts: loaded with the alerts. */

export const rateAlertFormTexts = {
  failed: 'We could not save this alert. Try again',
  perCoin: 'per coin',
  perUnit: 'per unit of the card currency',
  thresholdPlaceholder: 'e.g. 1500',
  retry: 'Retry',
  list: 'Your rate alerts',
} as const;
