import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminCustomerReferralsSchema } from '@wise/shared/admin';
import { adminApi } from '#web/lib/admin-api';
import { businessKeys } from './keys';

/** GET /api/admin/customers/:id/referrals → the code, who referred them, whom they referred (docs/features.md, "Referrals"). */
export function getCustomerReferrals(id: string, signal?: AbortSignal) {
  return adminApi(`/customers/${encodeURIComponent(id)}/referrals`, { schema: adminCustomerReferralsSchema, signal });
}

export const customerReferralsQueryOptions = (id: string) =>
  queryOptions({ queryKey: businessKeys.customerReferrals(id), queryFn: ({ signal }) => getCustomerReferrals(id, signal) });

export function useCustomerReferrals(id: string) {
  return useQuery(customerReferralsQueryOptions(id));
}
