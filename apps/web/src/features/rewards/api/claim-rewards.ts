import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rewardClaimResponseSchema } from '@wise/shared';
import { api } from '../../../lib/api-client';
import { rewardKeys } from './keys';

/** POST /api/rewards/claim → { status: 'success', message, claim, total_points } (SPEC claim_reward). */
export function claimRewards() {
  return api('/api/rewards/claim', { method: 'POST', body: {}, schema: rewardClaimResponseSchema });
}

/** Refreshes the rewards screens; the route also refreshes the gem balance it moved into. */
export function useClaimRewards() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claimRewards,
    onSuccess: async (data) => {
      queryClient.setQueryData(rewardKeys.history(), (old: { rewards: (typeof data.claim)[] } | undefined) =>
        old ? { rewards: [data.claim, ...old.rewards.filter((r) => r.id !== data.claim.id)] } : old,
      );
      await queryClient.invalidateQueries({ queryKey: rewardKeys.all });
    },
  });
}
