import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema, type DateOfBirthUpdateInput } from '@wise/shared';
import { api } from '#web/lib/api-client';
import { profileKeys } from './keys';

/** PUT /api/profile/date-of-birth → { message }. */
export function updateDateOfBirth(input: DateOfBirthUpdateInput) {
  return api('/api/profile/date-of-birth', { method: 'PUT', body: input, schema: import.meta.env.DEV ? messageResponseSchema : undefined });
}

/** Refreshes the profile; the screen refreshes what other features show of it. */
export function useUpdateDateOfBirth() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDateOfBirth,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.all }),
  });
}
