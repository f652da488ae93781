/** /createaccount/otp, its form and the resend line. */
export const signUpOtpTexts = {
  pageTitle: 'Enter OTP',
  title: 'Enter OTP',
  intro: 'Enter the four digits sent to your email',
  whichEmail: 'Which email address did you sign up with?',
  continue: 'Continue',
  codeLabel: 'One-time code',
  verify: 'Verify',
  verifying: 'Verifying...',
  failed: 'Could not verify the code. Please try again',
} as const;
