import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminRewardLevelsSchema, type UpdateRewardLevelsInput } from '@wise/shared/admin';
import { adminApi } from '#web/lib/admin-api';
import { businessKeys } from './keys';

/** GET /api/admin/reward-levels → { levels } by rising 30-day volume. */
export function getRewardLevels(signal?: AbortSignal) {
  return adminApi('/reward-levels', { schema: adminRewardLevelsSchema, signal });
}

export const rewardLevelsQueryOptions = () =>
  queryOptions({ queryKey: businessKeys.rewardLevels(), queryFn: ({ signal }) => getRewardLevels(signal) });

export function useRewardLevels() {
  return useQuery(rewardLevelsQueryOptions());
}

/** PUT /api/admin/reward-levels `{ levels, note, confirm_code }` (admins): replaces every level. */
export function updateRewardLevels(body: UpdateRewardLevelsInput) {
  return adminApi('/reward-levels', { method: 'PUT', body, schema: adminRewardLevelsSchema });
}

export function useUpdateRewardLevels() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRewardLevels,
    onSuccess: (answer) => queryClient.setQueryData(businessKeys.rewardLevels(), answer),
  });
}
