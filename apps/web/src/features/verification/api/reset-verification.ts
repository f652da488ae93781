import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema, type IdentityResetInput } from '@wise/shared';
import { api } from '#web/lib/api-client';
import { verificationKeys } from './keys';

/** POST /api/profile/verification/reset → { message }: back to Tier 0, the name and date of birth editable (docs/identity.md). */
export function resetVerification(input: IdentityResetInput) {
  return api('/api/profile/verification/reset', {
    method: 'POST',
    body: input,
    schema: import.meta.env.DEV ? messageResponseSchema : undefined,
  });
}

export function useResetVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetVerification,
    // The tier and the profile's lock both change.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: verificationKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['profile'] }),
      ]),
  });
}
