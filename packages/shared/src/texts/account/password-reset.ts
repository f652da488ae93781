/** /passwordreset and the screens after it. */
export const passwordResetTexts = {
  pageTitle: 'Reset Password',
  title: 'Enter your Email to Reset your Password',
  intro: 'We will send a link to choose a new password.',
  verify: 'Verify',
  verifying: 'Verifying...',
  failed: 'Could not send the reset link. Please try again',
} as const;
