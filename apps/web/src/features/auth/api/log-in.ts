import { useMutation } from '@tanstack/react-query';
import { loginResponseSchema, type LoginInput } from '@wise/shared';
import { api } from '#web/lib/api-client';
import { authStorage } from '#web/lib/auth-storage';

/** POST /api/auth/login → 200 {user}; the server sets the session cookie. */
export function logIn(input: LoginInput) {
  return api('/api/auth/login', { method: 'POST', body: input, schema: import.meta.env.DEV ? loginResponseSchema : undefined });
}

/** Logs in and writes docs/product.md §3's storage keys that screens read. */
export function useLogIn() {
  return useMutation({
    mutationFn: logIn,
    onSuccess: ({ user }) => authStorage.signIn(user),
  });
}
