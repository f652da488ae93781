/** The transaction PIN screens' own words (docs/product.md §2); the server's answers are pinMessages. */

/** /homepage/pinset and /homepage/confirmpinset. */
export const pinScreenTexts = {
  title: 'Transaction PIN',
  loading: 'Loading',
  currentTitle: 'Enter current PIN',
  currentIntro: 'Enter your four digits pin to change it',
  newTitle: 'Choose a new PIN',
  setTitle: 'Set transaction PIN',
  newIntro: 'Enter four digits you will use to approve airtime, data, TV and electricity payments',
  confirmPageTitle: 'Confirm PIN',
  confirmTitle: 'Confirm PIN',
  confirmIntro: 'Enter the same four digits again',
} as const;

/** The PIN forms: current, new, and the same again. */
export const pinFormTexts = {
  currentLabel: 'Current PIN',
  verify: 'Verify',
  verifying: 'Verifying...',
  checkFailed: 'Could not check your PIN. Please try again',
  newLabel: 'New PIN',
  continue: 'Continue',
  confirmLabel: 'Confirm PIN',
  set: 'Set',
  setting: 'Setting...',
  setFailed: 'Could not set your PIN. Please try again',
} as const;

export const pinSuccessTexts = {
  pageTitle: 'PIN set',
  message: 'Your transaction PIN is set',
  goHome: 'Go to Home',
} as const;
