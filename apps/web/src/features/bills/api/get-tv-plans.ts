import { queryOptions, useQuery } from '@tanstack/react-query';
import { billPlansResponseSchema, type TvService } from '@wise/shared';
import { api } from '#web/lib/api-client';
import { billKeys } from './keys';

/** GET /api/bills/tv/:service/plans → { plans }: the server's cached catalogue. */
export function getTvPlans(service: TvService, signal?: AbortSignal) {
  return api(`/api/bills/tv/${service}/plans`, { schema: import.meta.env.DEV ? billPlansResponseSchema : undefined, signal });
}

export const tvPlansQueryOptions = (service: TvService) =>
  queryOptions({ queryKey: billKeys.tvPlans(service), queryFn: ({ signal }) => getTvPlans(service, signal) });

/** No request until a service is chosen. */
export function useTvPlans(service: TvService | undefined) {
  return useQuery({ ...tvPlansQueryOptions(service ?? 'dstv'), enabled: service !== undefined });
}
