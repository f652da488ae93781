export const unknownCoinTexts = {
  header: 'Sell Cryptocurrency',
  title: 'Sell Cryptocurrency · Wise',
  heading: "We don't buy this coin",
  seeCoins: 'See the coins',
} as const;
