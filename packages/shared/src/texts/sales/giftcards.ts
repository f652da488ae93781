/** The gift-card selling screens (docs/product.md §2, §5): catalogue, confirm account, sell form, success. */

export const giftCardCatalogueScreenTexts = {
  header: 'Sell Gift Cards',
  title: 'Sell Gift Cards · Wise',
  heading: 'Choose a gift card',
  text: 'Pick the card you want to sell for naira.',
} as const;

export const giftCardCatalogueTexts = {
  loading: 'Loading gift cards',
  noMatchText: 'Check the spelling, or clear the search to see every card.',
  clearSearch: 'Clear search',
  search: 'Search gift cards',
} as const;

export const giftCardConfirmAccountTexts = {
  header: 'Confirm account',
  title: 'Confirm account · Wise',
  heading: 'Confirm your bank account',
  text: 'Once your card is verified, we pay the naira into this account.',
} as const;

export const giftCardSellScreenTexts = {
  loading: 'Loading',
  chooseAnother: 'Choose another card from the catalogue.',
  seeGiftCards: 'See gift cards',
  sellCard: (name: string) => `Sell ${name}`,
  sellGiftCard: 'Sell gift card',
  title: (heading: string) => `${heading} · Wise`,
} as const;

export const saleSuccessTexts = {
  title: 'Sale submitted',
  goHome: 'Go to Home',
  viewTransaction: 'View transaction',
} as const;

export const chosenCardTexts = {
  label: 'Gift card',
  selling: 'Selling',
  change: 'Change Card',
} as const;

export const saleValueTexts = {
  label: 'You will receive',
  rate: 'Rate',
  chooseSubcategory: 'Choose a sub-category to see its rate',
} as const;

export const sellGiftCardFormTexts = {
  cancelled: 'Upload cancelled. Tap Submit when you are ready: it carries on with the same sale.',
  dropped: 'The connection dropped before your sale was confirmed. Tap Submit again: it carries on with the same sale and never makes a second one.',
  formLabel: (name: string) => `Sell ${name}`,
  subcategory: 'Sub-category',
  chooseSubcategory: 'Choose a sub-category',
  amount: (symbol: string) => `Amount (${symbol})`,
  amountPlaceholder: 'e.g. 100',
  between: (min: string, max: string) => `Between ${min} and ${max}`,
  cardCode: 'Card code (optional)',
  cardCodeHint: 'For e-code cards: the code as it is written on the receipt',
  photos: 'Photos of the card',
  photosHint: (max: number) => `Clear photos of the front and back, up to ${max}, each at most 10 MB`,
  comment: 'Comment (optional)',
  commentPlaceholder: 'Anything we should know about this card',
  uploading: 'Uploading images',
  checking: 'Checking images...',
  cancelUpload: 'Cancel upload',
  submitting: 'Submitting...',
  submit: 'Submit',
} as const;
