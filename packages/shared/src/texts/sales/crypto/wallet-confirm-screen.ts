export const walletConfirmScreenTexts = {
  header: 'Confirm transfer',
  title: 'Confirm transfer · Wise',
  heading: 'Confirm your transfer',
  text: (symbol: string) => `Upload a screenshot showing the ${symbol} you sent.`,
} as const;
