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
