import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { rewardClaimResponseSchema, type RewardsHistoryResponse } from '@wise/shared';
import { api } from '#web/lib/api-client';
import { newIdempotencyKey } from '#web/lib/idempotency';
import { rewardKeys } from './keys';

/** POST /api/rewards/claim → { status: 'success', message, claim, total_points } (the original claim_reward); one key per tap. */
export function claimRewards(idempotencyKey = newIdempotencyKey()) {
  return api('/api/rewards/claim', {
    method: 'POST',
    body: {},
    schema: import.meta.env.DEV ? rewardClaimResponseSchema : undefined,
    idempotencyKey,
  });
}

/** Refreshes the rewards screens; the route also refreshes the gem balance it moved into. */
export function useClaimRewards() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => claimRewards(),
    onSuccess: async (data) => {
      // The new claim is the newest: it heads the first page until the refetch confirms it.
      queryClient.setQueryData(rewardKeys.history(), (old: InfiniteData<RewardsHistoryResponse, string | undefined> | undefined) =>
        old
          ? {
              ...old,
              pages: old.pages.map((page, i) =>
                i === 0 ? { ...page, rewards: [data.claim, ...page.rewards.filter((r) => r.id !== data.claim.id)] } : page,
              ),
            }
          : old,
      );
      await queryClient.invalidateQueries({ queryKey: rewardKeys.all });
    },
  });
}
