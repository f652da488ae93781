import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  loginResponseSchema,
  messageResponseSchema,
  passkeyAddedResponseSchema,
  passkeyCreationOptionsResponseSchema,
  passkeyListResponseSchema,
  passkeyRequestOptionsResponseSchema,
} from '@wise/shared';
import { api } from '#web/lib/api-client';
import { authStorage } from '#web/lib/auth-storage';
import { createPasskey, getPasskey } from '../webauthn';
import { passkeyKeys } from './keys';

/**
 * Passkeys (docs/features.md, "Passkeys"): GET /api/profile/passkeys; POST /api/profile/passkeys/options then
 * POST /api/profile/passkeys (add); DELETE /api/profile/passkeys/:id; POST /api/auth/passkeys/options
 * then POST /api/auth/passkeys/login (sign in).
 */

export function listPasskeys() {
  return api('/api/profile/passkeys', { schema: import.meta.env.DEV ? passkeyListResponseSchema : undefined });
}

export function usePasskeys() {
  return useQuery({ queryKey: passkeyKeys.list(), queryFn: listPasskeys });
}

/** Options from the server, the browser's dialog, then the new credential to the server. */
export async function addPasskey() {
  const { options } = await api('/api/profile/passkeys/options', {
    method: 'POST',
    schema: import.meta.env.DEV ? passkeyCreationOptionsResponseSchema : undefined,
  });
  const credential = await createPasskey(options);
  return api('/api/profile/passkeys', {
    method: 'POST',
    body: { credential },
    schema: import.meta.env.DEV ? passkeyAddedResponseSchema : undefined,
  });
}

export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addPasskey, onSettled: () => void queryClient.invalidateQueries({ queryKey: passkeyKeys.all }) });
}

export function removePasskey(id: string) {
  return api(`/api/profile/passkeys/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    schema: import.meta.env.DEV ? messageResponseSchema : undefined,
  });
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removePasskey, onSuccess: () => void queryClient.invalidateQueries({ queryKey: passkeyKeys.all }) });
}

/** Usernameless: the browser offers the passkeys it holds for this site; the server finds the account. */
export async function signInWithPasskey() {
  const { options } = await api('/api/auth/passkeys/options', {
    method: 'POST',
    schema: import.meta.env.DEV ? passkeyRequestOptionsResponseSchema : undefined,
  });
  const credential = await getPasskey(options);
  const answer = await api('/api/auth/passkeys/login', {
    method: 'POST',
    body: { credential },
    schema: import.meta.env.DEV ? loginResponseSchema : undefined,
  });
  authStorage.signIn(answer.user);
  return answer;
}
