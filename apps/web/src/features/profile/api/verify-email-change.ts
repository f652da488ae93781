import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema, type EmailChangeVerifyInput } from '@wise/shared';
import { api } from '#web/lib/api-client';
import { profileKeys } from './keys';

/** POST /api/profile/email/verify → { message }: the code, and the address changes. */
export function verifyEmailChange(input: EmailChangeVerifyInput) {
  return api('/api/profile/email/verify', { method: 'POST', body: input, schema: import.meta.env.DEV ? messageResponseSchema : undefined });
}

/** Refreshes the profile; the screen refreshes what other features show of it. */
export function useVerifyEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmailChange,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.all }),
  });
}
