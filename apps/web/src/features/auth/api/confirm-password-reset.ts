import { useMutation } from '@tanstack/react-query';
import { messageResponseSchema, type PasswordResetInput } from '@wise/shared';
import { api } from '#web/lib/api-client';

/** POST /api/auth/password-reset/confirm → 200 {message}. */
export function confirmPasswordReset(input: PasswordResetInput) {
  return api('/api/auth/password-reset/confirm', {
    method: 'POST',
    body: input,
    schema: import.meta.env.DEV ? messageResponseSchema : undefined,
  });
}

export function useConfirmPasswordReset() {
  return useMutation({ mutationFn: confirmPasswordReset });
}
