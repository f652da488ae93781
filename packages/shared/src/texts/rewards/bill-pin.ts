/** The bills' PIN screens (docs/product.md §2 'Enter PIN'). */

export const billPinTexts = {
  title: 'Enter PIN',
  pageTitle: (title: string) => `${title} · Wise`,
  text: 'Enter your four digits pin',
  summary: (title: string, gems: string) => `${title} · ${gems} gems`,
  pin: 'PIN',
  verify: 'Verify',
  verifying: 'Verifying...',
  startAgain: 'Start again',
  loading: 'Loading',
  setPin: 'Set PIN',
  pinFailed: 'Could not check your PIN. Please try again',
} as const;
