/** /profile/modifyphonenumber: the new number and its form. */
export const newPhoneTexts = {
  title: 'Modify Phone Number',
  newPageTitle: 'New phone number',
  newTitle: 'Enter new number',
  newIntro: 'We will text a four-digit code to this number',
  newLabel: 'New phone number',
  sending: 'Sending...',
  continue: 'Continue',
  sendFailed: 'Could not send the code. Please try again',
} as const;
