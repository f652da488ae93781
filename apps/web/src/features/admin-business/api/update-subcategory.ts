import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminSubcategoryResponseSchema, type UpdateSubcategoryInput } from '@wise/shared/admin';
import { adminApi } from '#web/lib/admin-api';
import { businessKeys } from './keys';

/** PATCH /api/admin/giftcards/subcategories/:id — the database records a rate change in the rate history. */
export function updateSubcategory({ id, changes }: { id: string; changes: UpdateSubcategoryInput }) {
  return adminApi(`/giftcards/subcategories/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: changes,
    schema: adminSubcategoryResponseSchema,
  });
}

export function useUpdateSubcategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSubcategory,
    onSuccess: (_saved, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: businessKeys.giftCards() }),
        queryClient.invalidateQueries({ queryKey: businessKeys.rateHistory(id) }),
      ]),
  });
}
