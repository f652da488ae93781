import { queryOptions, useQuery } from '@tanstack/react-query';
import { rateHistoryResponseSchema } from '@wise/shared/admin';
import { adminApi } from '#web/lib/admin-api';
import { businessKeys } from './keys';

/** GET /api/admin/giftcards/subcategories/:id/rates → who changed the rate, when, from what to what; newest first. */
export function getRateHistory(subcategoryId: string, signal?: AbortSignal) {
  return adminApi(`/giftcards/subcategories/${encodeURIComponent(subcategoryId)}/rates`, { schema: rateHistoryResponseSchema, signal });
}

export const rateHistoryQueryOptions = (subcategoryId: string) =>
  queryOptions({ queryKey: businessKeys.rateHistory(subcategoryId), queryFn: ({ signal }) => getRateHistory(subcategoryId, signal) });

export function useRateHistory(subcategoryId: string) {
  return useQuery(rateHistoryQueryOptions(subcategoryId));
}
