export const transactionDetailScreenTexts = {
  header: 'Transaction',
  title: 'Transaction · Wise',
  loading: 'Loading',
  backToHistory: 'Back to history',
} as const;
