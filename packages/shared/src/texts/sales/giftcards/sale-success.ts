export const saleSuccessTexts = {
  title: 'Sale submitted',
  goHome: 'Go to Home',
  viewTransaction: 'View transaction',
} as const;
