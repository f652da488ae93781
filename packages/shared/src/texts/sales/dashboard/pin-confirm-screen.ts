export const pinConfirmScreenTexts = {
  header: 'Transaction PIN',
  title: 'Confirm PIN · Wise',
  heading: 'Confirm PIN',
  text: 'Enter the same four digits again',
} as const;
