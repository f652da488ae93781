import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { staffEnrolmentSchema, staffMeSchema, type StaffCodeInput } from '@wise/shared/admin';
import { z } from 'zod';
import { adminApi } from '#web/lib/admin-api';
import { staffAuthKeys } from './keys';

/** GET /api/admin/auth/enrolment → the new secret, its otpauth URL and the QR code as SVG. */
export function getEnrolment(signal?: AbortSignal) {
  return adminApi('/auth/enrolment', { schema: staffEnrolmentSchema, signal });
}

/** One secret per visit: asking again would show a different QR than the one being scanned. */
export const enrolmentQueryOptions = () =>
  queryOptions({
    queryKey: staffAuthKeys.enrolment(),
    queryFn: ({ signal }) => getEnrolment(signal),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });

export function useEnrolment() {
  return useQuery(enrolmentQueryOptions());
}

/** The answer may carry the staff member; anything else is fine too (the shell asks /auth/me). */
const sessionAnswerSchema = z.union([staffMeSchema, z.object({}).loose()]);

/** POST /api/admin/auth/enrolment { code } → enrolled and signed in. */
export function confirmEnrolment(input: StaffCodeInput) {
  return adminApi('/auth/enrolment', { method: 'POST', body: input, schema: sessionAnswerSchema });
}

export function useConfirmEnrolment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmEnrolment,
    // Only the cached staff member: removing the enrolment query while its screen is still
    // mounted refetches it, and the now-verified session's 401 for it signed staff out again.
    onSuccess: () => queryClient.removeQueries({ queryKey: staffAuthKeys.me() }),
  });
}

/** POST /api/admin/auth/verify { code } → signed in. */
export function verifyStaffCode(input: StaffCodeInput) {
  return adminApi('/auth/verify', { method: 'POST', body: input, schema: sessionAnswerSchema });
}

export function useVerifyStaffCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyStaffCode,
    onSuccess: () => queryClient.removeQueries({ queryKey: staffAuthKeys.all }),
  });
}
