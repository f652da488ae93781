import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminCustomerDetailSchema } from '@wise/shared/admin';
import { adminApi } from '#web/lib/admin-api';
import { businessKeys } from './keys';

/** GET /api/admin/customers/:id → profile, bank, gems, rewards, lock, last sales, bill orders and gem lines. */
export function getCustomer(id: string, signal?: AbortSignal) {
  return adminApi(`/customers/${encodeURIComponent(id)}`, { schema: adminCustomerDetailSchema, signal });
}

export const customerQueryOptions = (id: string) =>
  queryOptions({ queryKey: businessKeys.customer(id), queryFn: ({ signal }) => getCustomer(id, signal) });

export function useCustomer(id: string) {
  return useQuery(customerQueryOptions(id));
}
