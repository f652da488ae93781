import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { adminBillOrderPageSchema, type BillOrdersQuery } from '@wise/shared/admin';
import { adminApi } from '#web/lib/admin-api';
import { businessKeys } from './keys';

export type BillOrderFilters = Pick<BillOrdersQuery, 'status' | 'kind'>;

/** GET /api/admin/bills/orders?status=&kind=&cursor= → a page, newest first. */
export function getBillOrders(filters: BillOrderFilters, cursor: string | undefined, signal?: AbortSignal) {
  return adminApi('/bills/orders', { schema: adminBillOrderPageSchema, signal, query: { ...filters, cursor } });
}

export const billOrdersQueryOptions = (filters: BillOrderFilters) =>
  infiniteQueryOptions({
    queryKey: businessKeys.billOrders(filters),
    queryFn: ({ pageParam, signal }) => getBillOrders(filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });

export function useBillOrders(filters: BillOrderFilters) {
  return useInfiniteQuery(billOrdersQueryOptions(filters));
}
