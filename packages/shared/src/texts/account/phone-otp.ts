/** /profile/modifyphonenumber: the code sent to the new number. */
export const phoneOtpTexts = {
  title: 'Modify Phone Number',
  otpTitle: 'Enter OTP',
  otpIntro: (to: string) => `Enter the four digits sent to ${to}`,
  resendFailed: 'Could not send the code',
} as const;
