import type { TransactionStatus } from '@wise/shared';

/** Query keys of the transactions feature: one paged list per status filter, one entry per detail. */
export const transactionKeys = {
  all: ['transactions'] as const,
  lists: () => [...transactionKeys.all, 'list'] as const,
  list: (status?: TransactionStatus) => [...transactionKeys.lists(), status ?? 'all'] as const,
  detail: (id: string) => [...transactionKeys.all, 'detail', id] as const,
  reviewTime: () => [...transactionKeys.all, 'review-time'] as const,
  /** Under `lists()`, so whatever refreshes the lists (a live update, a new sale) refreshes it too. */
  summary: () => [...transactionKeys.lists(), 'summary'] as const,
};
