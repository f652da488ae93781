/** The sign-up, login and password-reset screens' own words (docs/product.md §2). */
export const signUpSuccessTexts = {
  pageTitle: 'Verified',
  message: 'Verified successfully',
  text: 'Your account is ready. Log in to start trading.',
  continue: 'Continue',
} as const;
