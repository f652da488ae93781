import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { TRANSACTIONS_PAGE_SIZE, transactionListResponseSchema, type TransactionStatus } from '@wise/shared';
import { api } from '../../../lib/api-client';
import { transactionKeys } from './keys';

/** GET /api/transactions[?status=][&cursor=] → { transactions, next_cursor }, newest first. */
export function getTransactions(status: TransactionStatus | undefined, cursor: string | undefined, signal?: AbortSignal) {
  const query = new URLSearchParams({ limit: String(TRANSACTIONS_PAGE_SIZE) });
  if (status) query.set('status', status);
  if (cursor) query.set('cursor', cursor);
  return api(`/api/transactions?${query.toString()}`, { schema: transactionListResponseSchema, signal });
}

export const transactionsQueryOptions = (status?: TransactionStatus) =>
  infiniteQueryOptions({
    queryKey: transactionKeys.list(status),
    queryFn: ({ pageParam, signal }) => getTransactions(status, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });

/** Pages follow the server's cursor; switching the status filter keeps the old list up until the new one arrives. */
export function useTransactions(status?: TransactionStatus) {
  return useInfiniteQuery({ ...transactionsQueryOptions(status), placeholderData: keepPreviousData });
}
