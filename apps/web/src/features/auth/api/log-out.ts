import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '#web/lib/api-client';
import { authStorage } from '#web/lib/auth-storage';

/** POST /api/auth/logout: the server deletes the session and clears the cookie. */
export function logOut() {
  // Whatever the server says on success ({message} or nothing); only the status matters. Built
  // inline so a production build, which checks no answer (see api()), drops zod from this file.
  return api('/api/auth/logout', { method: 'POST', body: {}, schema: import.meta.env.DEV ? z.looseObject({}) : undefined });
}

/** On a successful reply, storage and cached data are cleared (docs/product.md §4). */
export function useLogOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logOut,
    onSuccess: () => {
      authStorage.clear();
      queryClient.clear();
    },
  });
}
