import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { TRANSACTIONS_PAGE_SIZE, transactionListResponseSchema, type TransactionListResponse, type TransactionStatus } from '@wise/shared';
import { api } from '#web/lib/api-client';
import { pendingRefetchMs } from '#web/lib/live-updates';
import { transactionKeys } from './keys';

/** GET /api/transactions[?status=][&cursor=] → { transactions, next_cursor }, newest first. */
export function getTransactions(status: TransactionStatus | undefined, cursor: string | undefined, signal?: AbortSignal) {
  const query = new URLSearchParams({ limit: String(TRANSACTIONS_PAGE_SIZE) });
  if (status) query.set('status', status);
  if (cursor) query.set('cursor', cursor);
  return api(`/api/transactions?${query.toString()}`, { schema: import.meta.env.DEV ? transactionListResponseSchema : undefined, signal });
}

/** Whether any loaded row still waits for staff or a payout. */
export const anyPending = (pages: readonly TransactionListResponse[] | undefined) =>
  pages?.some((page) => page.transactions.some((tx) => tx.status === 'pending')) ?? false;

export const transactionsQueryOptions = (status?: TransactionStatus) =>
  infiniteQueryOptions({
    queryKey: transactionKeys.list(status),
    queryFn: ({ pageParam, signal }) => getTransactions(status, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
    // A pending sale turns Successful or Rejected by itself: asked again every few seconds while
    // one is shown (only while the tab is visible), and whenever the customer comes back to the tab.
    refetchInterval: (query) => (anyPending(query.state.data?.pages) ? pendingRefetchMs() : false),
    refetchOnWindowFocus: true,
  });

/** Pages follow the server's cursor; switching the status filter keeps the old list up until the new one arrives. */
export function useTransactions(status?: TransactionStatus) {
  return useInfiniteQuery({ ...transactionsQueryOptions(status), placeholderData: keepPreviousData });
}
