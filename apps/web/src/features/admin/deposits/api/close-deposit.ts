import { useMutation, useQueryClient } from '@tanstack/react-query';
import { closeDepositResponseSchema, type CloseDepositInput } from '@wise/shared/admin';
import { adminApi } from '#web/lib/admin-api';
import type { StaffConfirmation } from '#web/lib/staff-confirmation';
import { depositDeskKeys } from './keys';

export type CloseDepositBody = { note: string } & StaffConfirmation;

/** POST /api/admin/crypto/deposits/:id/close — the note is the reason the customer reads on their deposit. */
export function closeDeposit(id: string, body: CloseDepositBody) {
  return adminApi(`/crypto/deposits/${encodeURIComponent(id)}/close`, {
    method: 'POST',
    body: body satisfies CloseDepositInput,
    schema: closeDepositResponseSchema,
  });
}

export function useCloseDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: CloseDepositBody }) => closeDeposit(id, body),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: depositDeskKeys.lists() }),
  });
}
