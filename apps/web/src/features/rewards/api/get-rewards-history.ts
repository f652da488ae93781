import { queryOptions, useQuery } from '@tanstack/react-query';
import { rewardsHistoryResponseSchema } from '@wise/shared';
import { api } from '../../../lib/api-client';
import { rewardKeys } from './keys';

/** GET /api/rewards/history → { rewards: [{ id, created_at, points, reward }] }, newest first. */
export function getRewardsHistory(signal?: AbortSignal) {
  return api('/api/rewards/history', { schema: rewardsHistoryResponseSchema, signal });
}

export const rewardsHistoryQueryOptions = () =>
  queryOptions({ queryKey: rewardKeys.history(), queryFn: ({ signal }) => getRewardsHistory(signal) });

export function useRewardsHistory() {
  return useQuery(rewardsHistoryQueryOptions());
}
