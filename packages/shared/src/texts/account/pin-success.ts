/** The transaction PIN screens' own words (docs/product.md §2); the server's answers are pinMessages. */
export const pinSuccessTexts = {
  pageTitle: 'PIN set',
  message: 'Your transaction PIN is set',
  goHome: 'Go to Home',
} as const;
