import { useMutation, useQueryClient } from '@tanstack/react-query';
import { bankDetailsResponseSchema, type UpdateBankInput } from '@wise/shared';
import { api } from '#web/lib/api-client';
import { bankKeys } from './keys';

/** PUT /api/bank → the saved details (the PIN is required when replacing existing details). */
export function updateBank(input: UpdateBankInput) {
  return api('/api/bank', { method: 'PUT', body: input, schema: import.meta.env.DEV ? bankDetailsResponseSchema : undefined });
}

/** The answer is the new details: cached at once; the screen refreshes other features' views. */
export function useUpdateBank() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBank,
    onSuccess: (details) => queryClient.setQueryData(bankKeys.details(), details),
  });
}
