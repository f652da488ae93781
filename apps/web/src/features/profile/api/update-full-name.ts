import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema, type FullNameUpdateInput } from '@wise/shared';
import { api } from '#web/lib/api-client';
import { profileKeys } from './keys';

/** PUT /api/profile/full-name → { message }. */
export function updateFullName(input: FullNameUpdateInput) {
  return api('/api/profile/full-name', { method: 'PUT', body: input, schema: import.meta.env.DEV ? messageResponseSchema : undefined });
}

/** Refreshes the profile; the screen refreshes what other features show of it. */
export function useUpdateFullName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateFullName,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.all }),
  });
}
