import { queryOptions, useQuery } from '@tanstack/react-query';
import { anyTransactionDetailResponseSchema, PENDING_REFETCH_MS } from '@wise/shared';
import { api } from '../../../lib/api-client';
import { transactionKeys } from './keys';

/** GET /api/transactions/:id → { transaction }: a sale or a bill order (another customer's id is a 404). */
export function getTransaction(id: string, signal?: AbortSignal) {
  return api(`/api/transactions/${encodeURIComponent(id)}`, { schema: import.meta.env.DEV ? anyTransactionDetailResponseSchema : undefined, signal });
}

export const transactionQueryOptions = (id: string) =>
  queryOptions({
    queryKey: transactionKeys.detail(id),
    queryFn: ({ signal }) => getTransaction(id, signal),
    // Pending: asked again every few seconds until staff decide and the payout lands.
    refetchInterval: (query) => (query.state.data?.transaction.status === 'pending' ? PENDING_REFETCH_MS : false),
    refetchOnWindowFocus: true,
  });

export function useTransaction(id: string) {
  return useQuery(transactionQueryOptions(id));
}
