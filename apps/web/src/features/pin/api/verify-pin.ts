import { useMutation } from '@tanstack/react-query';
import { messageResponseSchema, type VerifyPinInput } from '@wise/shared';
import { api } from '#web/lib/api-client';

/** POST /api/pin/verify → { message } (5 wrong lock PIN use for 15 minutes). */
export function verifyPin(input: VerifyPinInput) {
  return api('/api/pin/verify', { method: 'POST', body: input, schema: import.meta.env.DEV ? messageResponseSchema : undefined });
}

export function useVerifyPin() {
  return useMutation({ mutationFn: verifyPin });
}
