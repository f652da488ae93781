import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminGiftCardResponseSchema } from '@wise/shared/admin';
import { adminApi } from '#web/lib/admin-api';
import { businessKeys } from './keys';

/** POST /api/admin/giftcards/:id/image (multipart): the server re-encodes it as it does sale photos. */
export function uploadGiftCardImage({ id, file }: { id: string; file: Blob }) {
  const body = new FormData();
  body.append('image', file);
  return adminApi(`/giftcards/${encodeURIComponent(id)}/image`, { method: 'POST', body, schema: adminGiftCardResponseSchema });
}

export function useUploadGiftCardImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadGiftCardImage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: businessKeys.giftCards() }),
  });
}
