import { queryOptions, useQuery } from '@tanstack/react-query';
import { depositDeskListSchema, type DepositDeskView } from '@wise/shared/admin';
import { adminApi } from '#web/lib/admin-api';
import { DEPOSITS_LIVE_MS, depositDeskKeys } from './keys';

/** GET /api/admin/crypto/deposits?view= — review and held oldest first, closed newest first. */
export function getDeposits(view: DepositDeskView, signal?: AbortSignal) {
  return adminApi('/crypto/deposits', { schema: depositDeskListSchema, query: { view }, signal });
}

export const depositsQueryOptions = (view: DepositDeskView) =>
  queryOptions({
    queryKey: depositDeskKeys.list(view),
    queryFn: ({ signal }) => getDeposits(view, signal),
    select: (answer) => answer.deposits,
    refetchInterval: DEPOSITS_LIVE_MS,
  });

export function useDeposits(view: DepositDeskView) {
  return useQuery(depositsQueryOptions(view));
}
