import { queryOptions, useQuery } from '@tanstack/react-query';
import { verificationStatusSchema } from '@wise/shared';
import { api } from '#web/lib/api-client';
import { verificationKeys } from './keys';

/** GET /api/profile/verification → tier, the verified number's last four digits, look-ups left. */
export function getVerification(signal?: AbortSignal) {
  return api('/api/profile/verification', { schema: import.meta.env.DEV ? verificationStatusSchema : undefined, signal });
}

export const verificationQueryOptions = () =>
  queryOptions({ queryKey: verificationKeys.status(), queryFn: ({ signal }) => getVerification(signal) });

export function useVerification() {
  return useQuery(verificationQueryOptions());
}
