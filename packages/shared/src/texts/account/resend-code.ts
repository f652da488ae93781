/** The sign-up, login and password-reset screens' own words (docs/product.md §2). */
export const resendCodeTexts = {
  didntGet: "Didn't get the code?",
  resend: 'Resend code',
  sending: 'Sending...',
  /** Before the countdown, e.g. " in 0:42". */
  in: (clock: string) => ` in ${clock}`,
  failed: 'Could not send a new code. Please try again',
} as const;
