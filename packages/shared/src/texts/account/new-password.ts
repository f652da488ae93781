/** The sign-up, login and password-reset screens' own words (docs/product.md §2). */
export const newPasswordTexts = {
  pageTitle: 'Reset Password',
  title: 'Reset Password',
  intro: 'Choose a new password of at least 8 characters.',
  newPassword: 'New password',
  newPasswordPlaceholder: 'At least 8 characters',
  confirmPassword: 'Confirm password',
  confirmPlaceholder: 'Enter it again',
  submit: 'Reset Password',
  submitting: 'Resetting Password',
  failed: 'Could not reset your password. Please try again',
  newLink: 'Request a new link',
} as const;
