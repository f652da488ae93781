import { useMutation, useQueryClient } from '@tanstack/react-query';
import { staffCreatedSchema, staffUpdatedSchema, type StaffCreateInput, type StaffUpdateInput } from '@wise/shared/admin';
import { adminApi } from '#web/lib/admin-api';
import { staffKeys } from './keys';
import type { StaffConfirmation } from '#web/lib/staff-confirmation';

const staffPath = (id: string) => `/staff/${encodeURIComponent(id)}`;

/** POST /api/admin/staff → a reviewer added (an invitation e-mailed), or a request for a second admin. */
export function createStaff(input: StaffCreateInput) {
  return adminApi('/staff', { method: 'POST', body: input, schema: staffCreatedSchema });
}

/** PATCH /api/admin/staff/:id — role, disabled. */
export function updateStaff(id: string, input: StaffUpdateInput) {
  return adminApi(staffPath(id), { method: 'PATCH', body: input, schema: staffUpdatedSchema });
}

/** POST /api/admin/staff/:id/reset → a request another admin confirms; then sessions end and an invitation is e-mailed. */
export function resetStaff(id: string, confirmation: StaffConfirmation) {
  return adminApi(`${staffPath(id)}/reset`, { method: 'POST', body: confirmation, schema: staffUpdatedSchema });
}

export function useCreateStaff() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createStaff, onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.all }) });
}

export function useUpdateStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: StaffUpdateInput }) => updateStaff(id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.all }),
  });
}

export function useResetStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, confirmation }: { id: string; confirmation: StaffConfirmation }) => resetStaff(id, confirmation),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffKeys.all }),
  });
}
