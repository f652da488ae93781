export const actionCardTexts = {
  label: 'Sell',
  giftCards: 'Sell Gift Cards',
  giftCardsText: 'Get naira for your gift cards',
  crypto: 'Sell Cryptocurrency',
  cryptoText: 'BTC, USDT, BNB and SOL',
} as const;
