import { queryOptions, useQuery } from '@tanstack/react-query';
import { anyTransactionDetailResponseSchema, type AnyTransactionDetailResponse } from '@wise/shared';
import { api } from '#web/lib/api-client';
import { pendingRefetchMs } from '#web/lib/live-updates';
import { transactionKeys } from './keys';

/** GET /api/transactions/:id → { transaction }: a sale or a bill order (another customer's id is a 404). */
export function getTransaction(id: string, signal?: AbortSignal) {
  return api(`/api/transactions/${encodeURIComponent(id)}`, {
    schema: import.meta.env.DEV ? anyTransactionDetailResponseSchema : undefined,
    signal,
  });
}

const awaitingStaff = ({ transaction }: AnyTransactionDetailResponse) =>
  transaction.status === 'pending' || ('crypto_return' in transaction && transaction.crypto_return?.status === 'requested');

export const transactionQueryOptions = (id: string) =>
  queryOptions({
    queryKey: transactionKeys.detail(id),
    queryFn: ({ signal }) => getTransaction(id, signal),
    // Pending (or coins on their way back): asked again every few seconds (rarely while the live
    // updates are open, lib/live-updates.ts) until staff decide, the
    // payout lands or the return is recorded.
    refetchInterval: (query) => (query.state.data && awaitingStaff(query.state.data) ? pendingRefetchMs() : false),
    refetchOnWindowFocus: true,
  });

export function useTransaction(id: string) {
  return useQuery(transactionQueryOptions(id));
}
