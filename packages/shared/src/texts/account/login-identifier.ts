/** Login step 1: e-mail or phone. */
export const loginIdentifierTexts = {
  usePhone: 'Use phone number',
  useEmail: 'Use email address',
  phoneLabel: 'Phone number',
  continue: 'Continue',
} as const;
