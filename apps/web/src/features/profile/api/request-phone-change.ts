import { useMutation } from '@tanstack/react-query';
import { messageResponseSchema, type PhoneChangeRequestInput } from '@wise/shared';
import { api } from '#web/lib/api-client';

/** POST /api/profile/phone → { message }: texts a code to the new number (after the password confirmation). */
export function requestPhoneChange(input: PhoneChangeRequestInput) {
  return api('/api/profile/phone', { method: 'POST', body: input, schema: import.meta.env.DEV ? messageResponseSchema : undefined });
}

export function useRequestPhoneChange() {
  return useMutation({ mutationFn: requestPhoneChange });
}
