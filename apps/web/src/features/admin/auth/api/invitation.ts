import { useMutation, useQuery } from '@tanstack/react-query';
import { staffInvitationInfoSchema, staffLoginResponseSchema, type StaffInvitationAcceptInput } from '@wise/shared/admin';
import { adminApi } from '#web/lib/admin-api';

/** POST /api/admin/auth/invitation/check: whose invitation a link is (410 when used, expired or unknown). */
export function useInvitationInfo(token: string) {
  return useQuery({
    queryKey: ['admin', 'invitation', token],
    queryFn: () => adminApi('/auth/invitation/check', { method: 'POST', body: { token }, schema: staffInvitationInfoSchema }),
    enabled: token.length > 0,
    retry: false,
  });
}

/** POST /api/admin/auth/invitation: the invitee's own password; the authenticator set-up follows. */
export function useAcceptInvitation() {
  return useMutation({
    mutationFn: (input: StaffInvitationAcceptInput) =>
      adminApi('/auth/invitation', { method: 'POST', body: input, schema: staffLoginResponseSchema }),
  });
}
