import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema, type PhoneChangeVerifyInput } from '@wise/shared';
import { api } from '#web/lib/api-client';
import { profileKeys } from './keys';

/** POST /api/profile/phone/verify → { message }: the code, and the number changes. */
export function verifyPhoneChange(input: PhoneChangeVerifyInput) {
  return api('/api/profile/phone/verify', { method: 'POST', body: input, schema: import.meta.env.DEV ? messageResponseSchema : undefined });
}

/** Refreshes the profile; the screen refreshes what other features show of it. */
export function useVerifyPhoneChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyPhoneChange,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.all }),
  });
}
