import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rewardClaimResponseSchema } from '@wise/shared';
import { api } from '../../../lib/api-client';
import { newIdempotencyKey } from '../../../lib/idempotency';
import { rewardKeys } from './keys';

/** POST /api/rewards/claim → { status: 'success', message, claim, total_points } (SPEC claim_reward); one key per tap. */
export function claimRewards(idempotencyKey = newIdempotencyKey()) {
  return api('/api/rewards/claim', { method: 'POST', body: {}, schema: rewardClaimResponseSchema, idempotencyKey });
}

/** Refreshes the rewards screens; the route also refreshes the gem balance it moved into. */
export function useClaimRewards() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => claimRewards(),
    onSuccess: async (data) => {
      queryClient.setQueryData(rewardKeys.history(), (old: { rewards: (typeof data.claim)[] } | undefined) =>
        old ? { rewards: [data.claim, ...old.rewards.filter((r) => r.id !== data.claim.id)] } : old,
      );
      await queryClient.invalidateQueries({ queryKey: rewardKeys.all });
    },
  });
}
