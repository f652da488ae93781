import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { adminSaleListResponseSchema } from '@wise/shared/admin';
import { adminApi } from '#web/lib/admin-api';
import { adminSaleKeys, SALES_LIVE_MS, type SaleQueueFilters } from './keys';

export const SALES_PAGE_SIZE = 50;

/** GET /api/admin/sales — pending oldest first, decided newest first, keyset-paged. */
export function getSales(filters: SaleQueueFilters, cursor: string | undefined, signal?: AbortSignal) {
  return adminApi('/sales', { schema: adminSaleListResponseSchema, signal, query: { ...filters, cursor, limit: SALES_PAGE_SIZE } });
}

export const salesQueueQueryOptions = (filters: SaleQueueFilters) =>
  infiniteQueryOptions({
    queryKey: adminSaleKeys.list(filters),
    queryFn: ({ pageParam, signal }) => getSales(filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
    refetchInterval: SALES_LIVE_MS,
  });

export function useSalesQueue(filters: SaleQueueFilters, options: { enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...salesQueueQueryOptions(filters), enabled: options.enabled ?? true });
}

/**
 * The sales waiting for a second approval under the same filters as `filters` (the waiting view's
 * own order does not apply): the desk's section above the waiting ones, and work mode's next sale.
 */
export const secondApprovalFilters = (filters: SaleQueueFilters): SaleQueueFilters => ({
  ...filters,
  status: 'awaiting_approval',
  sort: undefined,
});
