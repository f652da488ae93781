import { useMutation, useQueryClient } from '@tanstack/react-query';
import { gemCollectResponseSchema, STORAGE_KEYS } from '@wise/shared';
import { api } from '#web/lib/api-client';
import { newIdempotencyKey } from '#web/lib/idempotency';
import { gemKeys } from './keys';

/**
 * POST /api/gems/collect → { status: 'success', message, day, points, total_points } (the original api_coin POST).
 * One key per tap: a retry after a lost answer gets the first result, not "already collected".
 */
export function collectGems(idempotencyKey = newIdempotencyKey()) {
  return api('/api/gems/collect', {
    method: 'POST',
    body: {},
    schema: import.meta.env.DEV ? gemCollectResponseSchema : undefined,
    idempotencyKey,
  });
}

/**
 * On success: today's weekday goes to local storage under `day` (docs/product.md §3), the new balance is
 * cached at once and everything gem-related is refetched.
 */
export function useCollectGems() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => collectGems(),
    onSuccess: async (data) => {
      localStorage.setItem(STORAGE_KEYS.day, String(data.day));
      queryClient.setQueryData(gemKeys.balance(), { total_points: data.total_points });
      await queryClient.invalidateQueries({ queryKey: gemKeys.all });
    },
    onError: () => queryClient.invalidateQueries({ queryKey: gemKeys.collection() }),
  });
}
