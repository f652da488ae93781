import { useQuery } from '@tanstack/react-query';
import { passkeyRequestOptionsResponseSchema } from '@wise/shared';
import { staffConfirmPasskeySchema, staffPasskeyListSchema, type StaffConfirmPasskey } from '@wise/shared/admin';
import { adminApi } from './admin-api';

/**
 * What a sensitive back-office action is confirmed with (docs/decisions.md §8.6): the
 * authenticator code, or a passkey's answer to a confirmation challenge. Spread into the body.
 */
export type StaffConfirmation =
  { confirm_code: string; confirm_passkey?: undefined } | { confirm_passkey: StaffConfirmPasskey; confirm_code?: undefined };

export const byCode = (code: string): StaffConfirmation => ({ confirm_code: code });

export const passkeysSupported = (): boolean => typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

/** The staff member's own passkeys: the same list (and cache entry) as /admin/security's. */
const staffPasskeysKey = ['admin', 'auth', 'passkeys'] as const;

/** Whether the signed-in staff member has a passkey to confirm with (false while unknown). */
export function useHasStaffPasskey(): boolean {
  const query = useQuery({
    queryKey: staffPasskeysKey,
    queryFn: ({ signal }) => adminApi('/auth/passkeys', { schema: staffPasskeyListSchema, signal }),
  });
  return (query.data?.passkeys.length ?? 0) > 0;
}

/**
 * A single-use confirmation challenge for this session, then the browser's passkey dialog (user
 * verification required). SimpleWebAuthn is loaded at the click that needs it.
 */
export async function confirmWithStaffPasskey(): Promise<StaffConfirmation> {
  const { options } = await adminApi('/auth/passkeys/confirm/options', { method: 'POST', schema: passkeyRequestOptionsResponseSchema });
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const credential = await startAuthentication({ optionsJSON: options });
  return { confirm_passkey: staffConfirmPasskeySchema.parse({ credential }) };
}

/** The browser's passkey dialog was closed or timed out. */
export const passkeyCancelled = (error: unknown): boolean =>
  error instanceof Error &&
  (error.name === 'NotAllowedError' || error.name === 'AbortError' || ('code' in error && error.code === 'ERROR_CEREMONY_ABORTED'));
