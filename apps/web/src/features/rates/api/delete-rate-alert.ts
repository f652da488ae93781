import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rateAlertDeletedResponseSchema } from '@wise/shared';
import { api } from '#web/lib/api-client';
import { rateKeys } from './keys';

/** DELETE /api/rates/alerts/:id → { deleted: true }. */
export function deleteRateAlert(id: string) {
  return api(`/api/rates/alerts/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    schema: import.meta.env.DEV ? rateAlertDeletedResponseSchema : undefined,
  });
}

export function useDeleteRateAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRateAlert,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rateKeys.alerts() }),
  });
}
