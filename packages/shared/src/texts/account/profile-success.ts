/** The profile modify screens and their forms (docs/product.md §5). */
export const profileSuccessTexts = {
  pageTitle: 'Profile',
  returnHome: 'Return to Home',
} as const;
