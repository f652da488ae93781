export const cryptoCatalogueScreenTexts = {
  header: 'Sell Cryptocurrency',
  title: 'Sell Cryptocurrency · Wise',
  heading: 'Choose a coin',
  text: 'Sell BTC, USDT, BNB or SOL for naira, paid into your bank account.',
} as const;
