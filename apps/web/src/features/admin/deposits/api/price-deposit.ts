import { useMutation, useQueryClient } from '@tanstack/react-query';
import { priceDepositResponseSchema } from '@wise/shared/admin';
import { adminApi } from '#web/lib/admin-api';
import type { StaffConfirmation } from '#web/lib/staff-confirmation';
import { depositDeskKeys } from './keys';

/**
 * POST /api/admin/crypto/deposits/:id/price — a sale of the deposit at today's rate, which then
 * waits at the review desk for another reviewer (the one who priced it never approves it).
 */
export function priceDeposit(id: string, confirmation: StaffConfirmation) {
  return adminApi(`/crypto/deposits/${encodeURIComponent(id)}/price`, {
    method: 'POST',
    body: confirmation,
    schema: priceDepositResponseSchema,
  });
}

export function usePriceDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, confirmation }: { id: string; confirmation: StaffConfirmation }) => priceDeposit(id, confirmation),
    // A refusal (priced or closed by someone else, prices gone) also means the list is out of date.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: depositDeskKeys.lists() }),
  });
}
