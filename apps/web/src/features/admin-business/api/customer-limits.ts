import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminCustomerLimitsSchema, type RaiseCustomerLimitInput } from '@wise/shared/admin';
import { adminApi } from '#web/lib/admin-api';
import { businessKeys } from './keys';

const limitsPath = (id: string) => `/customers/${encodeURIComponent(id)}/limits`;

/** GET /api/admin/customers/:id/limits → tier, limits, today's and total usage, every raise. */
export function getCustomerLimits(id: string, signal?: AbortSignal) {
  return adminApi(limitsPath(id), { schema: adminCustomerLimitsSchema, signal });
}

export const customerLimitsQueryOptions = (id: string) =>
  queryOptions({ queryKey: businessKeys.customerLimits(id), queryFn: ({ signal }) => getCustomerLimits(id, signal) });

export function useCustomerLimits(id: string) {
  return useQuery(customerLimitsQueryOptions(id));
}

/** POST /api/admin/customers/:id/limits `{ daily_limit_naira, total_limit_naira?, note, confirm_code }` (admins). */
export function raiseCustomerLimit({ id, ...body }: RaiseCustomerLimitInput & { id: string }) {
  return adminApi(limitsPath(id), { method: 'POST', body, schema: adminCustomerLimitsSchema });
}

export function useRaiseCustomerLimit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: raiseCustomerLimit,
    onSuccess: (answer, { id }) => queryClient.setQueryData(businessKeys.customerLimits(id), answer),
  });
}
