import { useMutation } from '@tanstack/react-query';
import { messageResponseSchema, type EmailChangeRequestInput } from '@wise/shared';
import { api } from '#web/lib/api-client';

/** POST /api/profile/email → { message }: e-mails a code to the new address (after the password confirmation). */
export function requestEmailChange(input: EmailChangeRequestInput) {
  return api('/api/profile/email', { method: 'POST', body: input, schema: import.meta.env.DEV ? messageResponseSchema : undefined });
}

export function useRequestEmailChange() {
  return useMutation({ mutationFn: requestEmailChange });
}
