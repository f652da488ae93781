import { useMutation, useQueryClient } from '@tanstack/react-query';
import { billOrderResponseSchema } from '@wise/shared';
import { api } from '#web/lib/api-client';
import { billKeys } from './keys';

/**
 * POST /api/bills/orders/:id/authorise { pin } → 200 successful or 202 processing (both `{ order }`);
 * a refusal is 422 PROVIDER_DECLINED, a wrong PIN the PIN service's error, no PIN 409 PIN_NOT_SET.
 */
export function authoriseBillOrder(id: string, pin: string) {
  return api(`/api/bills/orders/${encodeURIComponent(id)}/authorise`, {
    method: 'POST',
    body: { pin },
    schema: import.meta.env.DEV ? billOrderResponseSchema : undefined,
  });
}

export function useAuthoriseBillOrder(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (pin: string) => authoriseBillOrder(id, pin),
    onSuccess: (data) => queryClient.setQueryData(billKeys.order(id), data),
  });
}
