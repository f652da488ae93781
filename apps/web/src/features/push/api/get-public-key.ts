import { queryOptions, useQuery } from '@tanstack/react-query';
import { pushPublicKeyResponseSchema } from '@wise/shared';
import { api } from '#web/lib/api-client';
import { pushKeys } from './keys';

/** GET /api/push/public-key → { public_key }: null when the server has no VAPID keys. */
export function getPushPublicKey(signal?: AbortSignal) {
  return api('/api/push/public-key', { schema: import.meta.env.DEV ? pushPublicKeyResponseSchema : undefined, signal });
}

export const pushPublicKeyQueryOptions = () =>
  queryOptions({ queryKey: pushKeys.publicKey(), queryFn: ({ signal }) => getPushPublicKey(signal), staleTime: Infinity });

export function usePushPublicKey(enabled: boolean) {
  return useQuery({ ...pushPublicKeyQueryOptions(), enabled });
}
