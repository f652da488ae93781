export const giftCardSellScreenTexts = {
  loading: 'Loading',
  chooseAnother: 'Choose another card from the catalogue.',
  seeGiftCards: 'See gift cards',
  sellCard: (name: string) => `Sell ${name}`,
  sellGiftCard: 'Sell gift card',
  title: (heading: string) => `${heading} · Wise`,
} as const;
