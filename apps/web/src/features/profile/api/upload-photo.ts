import { useMutation, useQueryClient } from '@tanstack/react-query';
import { photoResponseSchema } from '@wise/shared';
import { api } from '#web/lib/api-client';
import { profileKeys } from './keys';

/** POST /api/profile/photo (multipart field "photo") → { photo, message }. */
export function uploadPhoto(file: File) {
  const form = new FormData();
  form.append('photo', file);
  return api('/api/profile/photo', { method: 'POST', body: form, schema: import.meta.env.DEV ? photoResponseSchema : undefined });
}

/** Refreshes the profile; the screen refreshes what other features show of the photo. */
export function useUploadPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadPhoto,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.all }),
  });
}
