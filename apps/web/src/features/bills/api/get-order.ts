import { queryOptions, useQuery } from '@tanstack/react-query';
import { billOrderResponseSchema } from '@wise/shared';
import { api } from '#web/lib/api-client';
import { billKeys } from './keys';

/** While the provider has not answered, the screen asks again this often. */
export const ORDER_POLL_MS = 2000;

/** GET /api/bills/orders/:id → { order }. */
export function getBillOrder(id: string, signal?: AbortSignal) {
  return api(`/api/bills/orders/${encodeURIComponent(id)}`, { schema: import.meta.env.DEV ? billOrderResponseSchema : undefined, signal });
}

export const billOrderQueryOptions = (id: string) =>
  queryOptions({ queryKey: billKeys.order(id), queryFn: ({ signal }) => getBillOrder(id, signal) });

/** The order, polled while it is `processing` (docs/decisions.md §5: the server settles it in the background). */
export function useBillOrder(id: string | undefined, { poll = false }: { poll?: boolean } = {}) {
  return useQuery({
    ...billOrderQueryOptions(id ?? ''),
    enabled: id !== undefined && id !== '',
    refetchInterval: (query) => (poll && query.state.data?.order.status === 'processing' ? ORDER_POLL_MS : false),
  });
}
