import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { REWARDS_HISTORY_PAGE_SIZE, rewardsHistoryResponseSchema } from '@wise/shared';
import { api } from '#web/lib/api-client';
import { rewardKeys } from './keys';

/** GET /api/rewards/history[?cursor=] → { rewards: [{ id, created_at, points, reward }], next_cursor }, newest first. */
export function getRewardsHistory(cursor: string | undefined, signal?: AbortSignal) {
  const query = new URLSearchParams({ limit: String(REWARDS_HISTORY_PAGE_SIZE) });
  if (cursor) query.set('cursor', cursor);
  return api(`/api/rewards/history?${query.toString()}`, {
    schema: import.meta.env.DEV ? rewardsHistoryResponseSchema : undefined,
    signal,
  });
}

export const rewardsHistoryQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: rewardKeys.history(),
    queryFn: ({ pageParam, signal }) => getRewardsHistory(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    // Older claims follow the server's keyset cursor; null on the last page ends the list.
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });

export function useRewardsHistory() {
  return useInfiniteQuery(rewardsHistoryQueryOptions());
}
