import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminSubcategoryResponseSchema, type CreateSubcategoryInput } from '@wise/shared/admin';
import { adminApi } from '#web/lib/admin-api';
import { businessKeys } from './keys';

/** POST /api/admin/giftcards/:id/subcategories → the new band. */
export function createSubcategory({ giftCardId, values }: { giftCardId: string; values: CreateSubcategoryInput }) {
  return adminApi(`/giftcards/${encodeURIComponent(giftCardId)}/subcategories`, {
    method: 'POST',
    body: values,
    schema: adminSubcategoryResponseSchema,
  });
}

export function useCreateSubcategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSubcategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: businessKeys.giftCards() }),
  });
}
