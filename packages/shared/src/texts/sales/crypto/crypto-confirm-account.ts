export const cryptoConfirmAccountTexts = {
  header: 'Confirm account',
  title: 'Confirm account · Wise',
  heading: 'Confirm your bank account',
  text: 'Once your transfer is verified, we pay the naira into this account.',
} as const;
