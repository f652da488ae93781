import { queryOptions, useQuery } from '@tanstack/react-query';
import { coinAdjustmentsResponseSchema } from '@wise/shared/admin';
import { adminApi } from '#web/lib/admin-api';
import { businessKeys } from './keys';

/** GET /api/admin/crypto/adjustments → each coin's signed naira adjustment and the rate customers are quoted now. */
export function getAdjustments(signal?: AbortSignal) {
  return adminApi('/crypto/adjustments', { schema: coinAdjustmentsResponseSchema, signal });
}

export const adjustmentsQueryOptions = () =>
  queryOptions({ queryKey: businessKeys.adjustments(), queryFn: ({ signal }) => getAdjustments(signal) });

export function useAdjustments() {
  return useQuery(adjustmentsQueryOptions());
}
