/** /profile/modifyphonenumber: the password again first. */
export const modifyPhoneTexts = {
  title: 'Modify Phone Number',
  intro: 'Enter your password to continue',
  currentNumber: 'Current number:',
} as const;
