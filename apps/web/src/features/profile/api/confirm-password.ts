import { useMutation } from '@tanstack/react-query';
import { messageResponseSchema, type ConfirmPasswordInput } from '@wise/shared';
import { api } from '#web/lib/api-client';

/** POST /api/profile/password/confirm → { message }: the password again, which opens a short window for a phone or e-mail change (docs/product.md §4). */
export function confirmPassword(input: ConfirmPasswordInput) {
  return api('/api/profile/password/confirm', {
    method: 'POST',
    body: input,
    schema: import.meta.env.DEV ? messageResponseSchema : undefined,
  });
}

export function useConfirmPassword() {
  return useMutation({ mutationFn: confirmPassword });
}
