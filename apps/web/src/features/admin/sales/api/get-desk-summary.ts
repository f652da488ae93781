import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminDeskSummarySchema } from '@wise/shared/admin';
import { adminApi } from '#web/lib/admin-api';
import { adminSaleKeys, SALES_LIVE_MS } from './keys';

/** GET /api/admin/sales/desk — what waits by kind, my assigned sales, today's work. */
export function getDeskSummary(signal?: AbortSignal) {
  return adminApi('/sales/desk', { schema: adminDeskSummarySchema, signal });
}

export const deskSummaryQueryOptions = () =>
  queryOptions({ queryKey: adminSaleKeys.desk(), queryFn: ({ signal }) => getDeskSummary(signal), refetchInterval: SALES_LIVE_MS });

export function useDeskSummary() {
  return useQuery(deskSummaryQueryOptions());
}
