import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rateAlertResponseSchema, type CreateRateAlertForm } from '@wise/shared';
import { api } from '#web/lib/api-client';
import { rateKeys } from './keys';

/** POST /api/rates/alerts → 201 { alert }; 409 RATE_ALERT_LIMIT or RATE_ALERT_ALREADY_MET. */
export function createRateAlert(input: CreateRateAlertForm) {
  return api('/api/rates/alerts', { method: 'POST', body: input, schema: import.meta.env.DEV ? rateAlertResponseSchema : undefined });
}

export function useCreateRateAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRateAlert,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rateKeys.alerts() }),
  });
}
