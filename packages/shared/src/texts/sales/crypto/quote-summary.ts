export const quoteSummaryTexts = {
  refreshFailed: 'We could not get a new price. Try again',
  label: 'Your sale',
  heldFor: (time: string) => `Price held for ${time}`,
  held: 'Price held',
  youGet: 'You get',
  rate: 'Rate',
  refreshing: 'The price hold has ended. Getting a new price...',
  tryAgain: 'Try again',
  changed: (amount: string) => `The price hold ended, so we priced your ${amount} again. It is now worth`,
  was: (value: string) => `(it was ${value}).`,
  confirmNew: 'Confirm new value',
} as const;
