import { useMutation } from '@tanstack/react-query';
import { staffLoginResponseSchema, type StaffLoginInput } from '@wise/shared/admin';
import { adminApi } from '#web/lib/admin-api';

/** POST /api/admin/auth/login → what to do next: enrol the authenticator app, or enter its code. */
export function loginStaff(input: StaffLoginInput) {
  return adminApi('/auth/login', { method: 'POST', body: input, schema: staffLoginResponseSchema });
}

export function useStaffLogin() {
  return useMutation({ mutationFn: loginStaff });
}
