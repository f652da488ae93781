/** The four boxes of a phone or e-mail change code. */
export const contactOtpTexts = {
  codeLabel: 'One-time code',
  didntGet: "Didn't get it?",
  sending: 'Sending...',
  sendNew: 'Send a new code',
  verify: 'Verify',
  verifying: 'Verifying...',
  failed: 'Could not verify the code. Please try again',
} as const;
