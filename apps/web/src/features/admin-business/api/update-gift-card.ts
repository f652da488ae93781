import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminGiftCardResponseSchema, type UpdateGiftCardInput } from '@wise/shared/admin';
import { adminApi } from '#web/lib/admin-api';
import { businessKeys } from './keys';

/** PATCH /api/admin/giftcards/:id (name, enabled, brand colour; the slug stays). */
export function updateGiftCard({ id, changes }: { id: string; changes: UpdateGiftCardInput }) {
  return adminApi(`/giftcards/${encodeURIComponent(id)}`, { method: 'PATCH', body: changes, schema: adminGiftCardResponseSchema });
}

export function useUpdateGiftCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateGiftCard,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: businessKeys.giftCards() }),
  });
}
