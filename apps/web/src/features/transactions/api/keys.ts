import type { TransactionStatus } from '@wise/shared';

/** Query keys of the transactions feature: one list per status filter. */
export const transactionKeys = {
  all: ['transactions'] as const,
  list: (status?: TransactionStatus) => [...transactionKeys.all, 'list', status ?? 'all'] as const,
};
