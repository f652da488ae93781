import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema, type SetPinInput } from '@wise/shared';
import { api } from '#web/lib/api-client';
import { pinKeys } from './keys';

/** POST /api/pin → { message }: set, or change with current_pin. */
export function setPin(input: SetPinInput) {
  return api('/api/pin', { method: 'POST', body: input, schema: import.meta.env.DEV ? messageResponseSchema : undefined });
}

/** Refreshes the PIN status; the screen refreshes other features' views. */
export function useSetPin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPin,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pinKeys.all }),
  });
}
