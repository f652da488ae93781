import { useMutation, useQueryClient } from '@tanstack/react-query';
import { identityCheckResultSchema, type IdentityNumberInput } from '@wise/shared';
import { api } from '#web/lib/api-client';
import { verificationKeys } from './keys';

/** POST /api/profile/verification/number → the outcome (verified, not matching, not found, provider down, in use). */
export function verifyNumber(input: IdentityNumberInput) {
  return api('/api/profile/verification/number', {
    method: 'POST',
    body: input,
    schema: import.meta.env.DEV ? identityCheckResultSchema : undefined,
  });
}

export function useVerifyNumber() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyNumber,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: verificationKeys.all }),
  });
}
