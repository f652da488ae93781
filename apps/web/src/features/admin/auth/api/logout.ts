import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { adminApi } from '#web/lib/admin-api';

/** POST /api/admin/auth/logout. */
export function logoutStaff() {
  return adminApi('/auth/logout', { method: 'POST', schema: z.unknown() });
}

/** Signs out and forgets every back-office answer, whatever the server said. */
export function useStaffLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logoutStaff,
    onSettled: () => queryClient.clear(),
  });
}
