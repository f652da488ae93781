import { useMutation, useQueryClient } from '@tanstack/react-query';
import { transactionRecheckResponseSchema } from '@wise/shared/admin';
import { adminApi } from '#web/lib/admin-api';
import { adminSaleKeys } from './keys';

/** POST /:id/transaction-check — check a manual crypto sale's transaction ID on chain again (queued). */
export function recheckTransaction(id: string) {
  return adminApi(`/sales/${encodeURIComponent(id)}/transaction-check`, { method: 'POST', schema: transactionRecheckResponseSchema });
}

export function useRecheckTransaction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => recheckTransaction(id),
    // The verdict arrives with the sale's next refresh (SALES_LIVE_MS); asking now shows one that was quick.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminSaleKeys.detail(id) }),
  });
}
