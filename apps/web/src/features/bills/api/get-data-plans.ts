import { queryOptions, useQuery } from '@tanstack/react-query';
import { billPlansResponseSchema, type BillNetwork } from '@wise/shared';
import { api } from '#web/lib/api-client';
import { billKeys } from './keys';

/** GET /api/bills/data/:network/plans → { plans }: the server's cached catalogue. */
export function getDataPlans(network: BillNetwork, signal?: AbortSignal) {
  return api(`/api/bills/data/${network}/plans`, { schema: import.meta.env.DEV ? billPlansResponseSchema : undefined, signal });
}

export const dataPlansQueryOptions = (network: BillNetwork) =>
  queryOptions({ queryKey: billKeys.dataPlans(network), queryFn: ({ signal }) => getDataPlans(network, signal) });

export function useDataPlans(network: BillNetwork) {
  return useQuery(dataPlansQueryOptions(network));
}
