import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffMeSchema } from '@wise/shared/admin';
import { adminApi } from '#web/lib/admin-api';
import { staffAuthKeys } from './keys';

/** GET /api/admin/auth/me → the signed-in staff member (401 without a verified staff session). */
export function getStaffMe(signal?: AbortSignal) {
  return adminApi('/auth/me', { schema: staffMeSchema, signal });
}

/** The staff member behind every back-office screen: asked once, kept until sign-out or a 401. */
export const staffMeQueryOptions = () =>
  queryOptions({ queryKey: staffAuthKeys.me(), queryFn: ({ signal }) => getStaffMe(signal), staleTime: 60_000, retry: false });

export function useStaffMe() {
  return useQuery(staffMeQueryOptions());
}
