import { queryOptions, useQuery } from '@tanstack/react-query';
import { profileResponseSchema } from '@wise/shared';
import { api } from '#web/lib/api-client';
import { profileKeys } from './keys';

/** GET /api/profile → full name, phone, email, gender, address, date of birth, photo. */
export function getProfile(signal?: AbortSignal) {
  return api('/api/profile', { schema: import.meta.env.DEV ? profileResponseSchema : undefined, signal });
}

export const profileQueryOptions = () => queryOptions({ queryKey: profileKeys.detail(), queryFn: ({ signal }) => getProfile(signal) });

export function useProfile() {
  return useQuery(profileQueryOptions());
}
