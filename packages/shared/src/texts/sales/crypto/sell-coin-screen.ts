export const sellCoinScreenTexts = {
  loading: 'Loading',
  header: (symbol: string) => `Sell ${symbol}`,
  title: (name: string) => `Sell ${name} · Wise`,
  heading: (name: string) => `Sell ${name}`,
  howMuch: (symbol: string) => `How much ${symbol} are you sending?`,
} as const;
