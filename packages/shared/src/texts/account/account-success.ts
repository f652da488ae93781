/** The Wallet tab and the bank-details screens' own words (docs/product.md §2); the server's answers are bankMessages. */
export const accountSuccessTexts = {
  pageTitle: 'Bank details',
  goHome: 'Go to Home',
} as const;
