/** The sign-up, login and password-reset screens' own words (docs/product.md §2). */
export const passwordResetEmailTexts = {
  pageTitle: 'Check your email',
  title: 'Check your email',
  text: 'If an account uses that address, we have sent it a link to reset your password. The link works once and expires in 30 minutes.',
  openMail: 'Open email app',
  backToLogin: 'Return to login',
} as const;
