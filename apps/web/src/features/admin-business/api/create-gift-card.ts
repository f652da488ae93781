import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminGiftCardResponseSchema, type CreateGiftCardInput } from '@wise/shared/admin';
import { adminApi } from '#web/lib/admin-api';
import { businessKeys } from './keys';

/** POST /api/admin/giftcards → the new card (its slug made from the name by the server). */
export function createGiftCard(input: CreateGiftCardInput) {
  return adminApi('/giftcards', { method: 'POST', body: input, schema: adminGiftCardResponseSchema });
}

export function useCreateGiftCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createGiftCard,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: businessKeys.giftCards() }),
  });
}
