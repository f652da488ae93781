import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffMessageSchema, type StaffPasswordChangeInput } from '@wise/shared/admin';
import { z } from 'zod';
import { adminApi } from '#web/lib/admin-api';
import { staffAuthKeys } from './keys';

/** POST /api/admin/auth/password → other sessions of this staff member end. */
export function changeStaffPassword(input: StaffPasswordChangeInput) {
  return adminApi('/auth/password', {
    method: 'POST',
    body: input,
    schema: z.union([staffMessageSchema, z.object({}).loose()]),
  });
}

export function useChangeStaffPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeStaffPassword,
    // Removed, not just marked stale: a cached "must change" would send the gate straight back here.
    onSuccess: () => queryClient.removeQueries({ queryKey: staffAuthKeys.me() }),
  });
}
