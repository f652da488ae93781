export const transactionHistoryTexts = {
  loading: 'Loading',
  empty: 'No transactions yet',
  emptyOf: { pending: 'No pending transactions', successful: 'No successful transactions', rejected: 'No rejected transactions' },
  emptyText: 'Your gift card and crypto sales will show here, with their status.',
  filters: 'Search by status',
  all: 'All',
} as const;
