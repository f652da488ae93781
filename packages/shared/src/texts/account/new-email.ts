/** /profile/modifyemail: the new address and its form. */
export const newEmailTexts = {
  title: 'Modify Email',
  newPageTitle: 'New email',
  newTitle: 'Enter new email',
  newIntro: 'We will send a four-digit code to this address',
  newLabel: 'New email address',
  sending: 'Sending...',
  continue: 'Continue',
  sendFailed: 'Could not send the code. Please try again',
} as const;
