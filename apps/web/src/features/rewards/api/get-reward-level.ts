import { queryOptions, useQuery } from '@tanstack/react-query';
import { rewardLevelResponseSchema } from '@wise/shared';
import { api } from '#web/lib/api-client';
import { rewardKeys } from './keys';

/** GET /api/rewards/level → { level, volume_kobo, next_level, remaining_kobo } (docs/features.md, "Reward levels"). */
export function getRewardLevel(signal?: AbortSignal) {
  return api('/api/rewards/level', { schema: import.meta.env.DEV ? rewardLevelResponseSchema : undefined, signal });
}

export const rewardLevelQueryOptions = () =>
  queryOptions({ queryKey: rewardKeys.level(), queryFn: ({ signal }) => getRewardLevel(signal) });

/** Asked afresh each time /rewards opens: a sale paid since may have moved the customer up. */
export function useRewardLevel() {
  return useQuery({ ...rewardLevelQueryOptions(), refetchOnMount: 'always' });
}
