export const quoteMissingTexts = {
  title: 'This price is no longer available',
  text: 'Enter the amount again to get a fresh price.',
  startAgain: 'Start again',
} as const;
