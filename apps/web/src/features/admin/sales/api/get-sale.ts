import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminSaleDetailResponseSchema } from '@wise/shared/admin';
import { adminApi } from '#web/lib/admin-api';
import { adminSaleKeys, SALES_LIVE_MS } from './keys';

/** GET /api/admin/sales/:id — everything a reviewer needs to decide. */
export function getSale(id: string, signal?: AbortSignal) {
  return adminApi(`/sales/${encodeURIComponent(id)}`, { schema: adminSaleDetailResponseSchema, signal });
}

export const saleQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adminSaleKeys.detail(id),
    queryFn: ({ signal }) => getSale(id, signal),
    select: (answer) => answer.sale,
    refetchInterval: SALES_LIVE_MS,
  });

export function useSale(id: string) {
  return useQuery(saleQueryOptions(id));
}
