export const sellCoinFormTexts = {
  quoteFailed: 'We could not price this amount. Try again',
  amount: (symbol: string) => `Amount in ${symbol}`,
  example: (amount: string) => `e.g. ${amount}`,
  decimals: (decimals: number) => `Up to ${decimals} decimal places`,
  valueLabel: 'Value in naira',
  youGet: 'You get',
  rate: 'Rate',
  proceeding: 'Proceeding...',
  proceed: 'Proceed',
} as const;
