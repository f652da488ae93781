import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { passkeyCreationOptionsResponseSchema, passkeyRequestOptionsResponseSchema } from '@wise/shared';
import { staffMeSchema, staffMessageSchema, staffPasskeyAddedSchema, staffPasskeyListSchema } from '@wise/shared/admin';
import { adminApi } from '#web/lib/admin-api';
import { createPasskey, getPasskey } from '../webauthn';
import { staffAuthKeys } from './keys';

/** Staff passkeys (docs/features.md, "Staff passkeys (back office)"): the second factor instead of the code. */
const passkeysKey = () => [...staffAuthKeys.all, 'passkeys'] as const;

export function useStaffPasskeys() {
  return useQuery({
    queryKey: passkeysKey(),
    queryFn: ({ signal }) => adminApi('/auth/passkeys', { schema: staffPasskeyListSchema, signal }),
  });
}

/** The code first (it unlocks the options), then the browser's passkey dialog, then the server keeps it. */
export async function addStaffPasskey(code: string) {
  const { options } = await adminApi('/auth/passkeys/options', {
    method: 'POST',
    body: { code },
    schema: passkeyCreationOptionsResponseSchema,
  });
  const credential = await createPasskey(options);
  return adminApi('/auth/passkeys', { method: 'POST', body: { credential }, schema: staffPasskeyAddedSchema });
}

export function useAddStaffPasskey() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addStaffPasskey, onSettled: () => queryClient.invalidateQueries({ queryKey: passkeysKey() }) });
}

export function useRemoveStaffPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, code }: { id: string; code: string }) =>
      adminApi(`/auth/passkeys/${id}/remove`, { method: 'POST', body: { code }, schema: staffMessageSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeysKey() }),
  });
}

/** Sign-in step 2 with a passkey: this half-signed-in session's challenge, the browser's answer, the new session. */
export async function signInWithStaffPasskey() {
  const { options } = await adminApi('/auth/passkeys/login/options', { method: 'POST', schema: passkeyRequestOptionsResponseSchema });
  const credential = await getPasskey(options);
  return adminApi('/auth/passkeys/login', { method: 'POST', body: { credential }, schema: staffMeSchema });
}

export function useStaffPasskeySignIn() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: signInWithStaffPasskey, onSuccess: () => queryClient.removeQueries({ queryKey: staffAuthKeys.all }) });
}
