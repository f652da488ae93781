import { queryOptions, useQuery } from '@tanstack/react-query';
import { rewardsTotalResponseSchema } from '@wise/shared';
import { api } from '#web/lib/api-client';
import { rewardKeys } from './keys';

/** GET /api/rewards/total → { total_rewards, claimable } (the original total_rewards). */
export function getRewardsTotal(signal?: AbortSignal) {
  return api('/api/rewards/total', { schema: import.meta.env.DEV ? rewardsTotalResponseSchema : undefined, signal });
}

export const rewardsTotalQueryOptions = () =>
  queryOptions({ queryKey: rewardKeys.total(), queryFn: ({ signal }) => getRewardsTotal(signal) });

/**
 * Asked afresh each time the screen opens: Collect Rewards is disabled while nothing is claimable,
 * so a reward that arrived since the last answer must enable it without waiting for a refocus.
 */
export function useRewardsTotal() {
  return useQuery({ ...rewardsTotalQueryOptions(), refetchOnMount: 'always' });
}
