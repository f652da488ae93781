export const giftCardCatalogueScreenTexts = {
  header: 'Sell Gift Cards',
  title: 'Sell Gift Cards · Wise',
  heading: 'Choose a gift card',
  text: 'Pick the card you want to sell for naira.',
} as const;
