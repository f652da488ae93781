import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema, type GenderUpdateInput } from '@wise/shared';
import { api } from '#web/lib/api-client';
import { profileKeys } from './keys';

/** PUT /api/profile/gender → { message }. */
export function updateGender(input: GenderUpdateInput) {
  return api('/api/profile/gender', { method: 'PUT', body: input, schema: import.meta.env.DEV ? messageResponseSchema : undefined });
}

/** Refreshes the profile; the screen refreshes what other features show of it. */
export function useUpdateGender() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateGender,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.all }),
  });
}
