import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffListSchema } from '@wise/shared/admin';
import { adminApi } from '#web/lib/admin-api';
import { staffKeys } from './keys';

/** GET /api/admin/staff — every staff member (admins). */
export function getStaff(signal?: AbortSignal) {
  return adminApi('/staff', { schema: staffListSchema, signal });
}

export const staffListQueryOptions = () =>
  queryOptions({ queryKey: staffKeys.list(), queryFn: ({ signal }) => getStaff(signal), select: (answer) => answer.items });

export function useStaffList(enabled = true) {
  return useQuery({ ...staffListQueryOptions(), enabled });
}
