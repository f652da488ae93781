/** The sign-up, login and password-reset screens' own words (docs/product.md §2). */
export const passwordResetSuccessTexts = {
  pageTitle: 'Password reset',
  message: 'Password reset',
  login: 'Login',
} as const;
