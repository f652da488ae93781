import { useMutation, useQueryClient } from '@tanstack/react-query';
import { billRequeryResponseSchema } from '@wise/shared/admin';
import { adminApi } from '#web/lib/admin-api';
import { businessKeys } from './keys';

/** POST /api/admin/bills/orders/:id/requery → `settled` (now successful or failed) or `pending` (the provider still does not know). */
export function requeryBillOrder(id: string) {
  return adminApi(`/bills/orders/${encodeURIComponent(id)}/requery`, { method: 'POST', body: {}, schema: billRequeryResponseSchema });
}

export function useRequeryBillOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requeryBillOrder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: businessKeys.billOrdersAll() }),
  });
}
