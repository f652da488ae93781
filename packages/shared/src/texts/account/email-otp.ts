/** /profile/modifyemail: the code sent to the new address. */
export const emailOtpTexts = {
  title: 'Modify Email',
  otpTitle: 'Enter OTP',
  otpIntro: (to: string) => `Enter the four digits sent to ${to}`,
  resendFailed: 'Could not send the code',
} as const;
