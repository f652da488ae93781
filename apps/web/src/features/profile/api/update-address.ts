import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema, type AddressUpdateInput } from '@wise/shared';
import { api } from '#web/lib/api-client';
import { profileKeys } from './keys';

/** PUT /api/profile/address → { message }. */
export function updateAddress(input: AddressUpdateInput) {
  return api('/api/profile/address', { method: 'PUT', body: input, schema: import.meta.env.DEV ? messageResponseSchema : undefined });
}

/** Refreshes the profile; the screen refreshes what other features show of it. */
export function useUpdateAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.all }),
  });
}
