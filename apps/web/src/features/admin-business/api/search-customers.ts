import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { adminCustomerPageSchema } from '@wise/shared/admin';
import { adminApi } from '#web/lib/admin-api';
import { businessKeys } from './keys';

/** GET /api/admin/customers?q= → name, e-mail, phone or username matches (any case), newest accounts first. */
export function searchCustomers(q: string, cursor: string | undefined, signal?: AbortSignal) {
  return adminApi('/customers', { schema: adminCustomerPageSchema, signal, query: { q, cursor } });
}

export const customersQueryOptions = (q: string) =>
  infiniteQueryOptions({
    queryKey: businessKeys.customers(q),
    queryFn: ({ pageParam, signal }) => searchCustomers(q, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });

export function useCustomerSearch(q: string) {
  return useInfiniteQuery(customersQueryOptions(q));
}
