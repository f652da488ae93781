import { queryOptions, useQuery } from '@tanstack/react-query';
import { salesSummaryResponseSchema } from '@wise/shared';
import { api } from '#web/lib/api-client';
import { transactionKeys } from './keys';

/** GET /api/sales/summary → the customer's sales waiting, paying, failed at the bank, paid today and this month. */
export function getSalesSummary(signal?: AbortSignal) {
  return api('/api/sales/summary', { schema: import.meta.env.DEV ? salesSummaryResponseSchema : undefined, signal });
}

export const salesSummaryQueryOptions = () =>
  queryOptions({ queryKey: transactionKeys.summary(), queryFn: ({ signal }) => getSalesSummary(signal) });

export function useSalesSummary() {
  return useQuery(salesSummaryQueryOptions());
}
