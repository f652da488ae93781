import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminSaleDecisionResponseSchema, type RecordCryptoReturnBody } from '@wise/shared/admin';
import { adminApi } from '#web/lib/admin-api';
import { adminSaleKeys } from './keys';

/** POST /:id/crypto-return — staff sent a rejected crypto sale's coins back: the transfer's ID. */
export function recordCryptoReturn(id: string, body: RecordCryptoReturnBody) {
  return adminApi(`/sales/${encodeURIComponent(id)}/crypto-return`, { method: 'POST', body, schema: adminSaleDecisionResponseSchema });
}

export function useRecordCryptoReturn(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RecordCryptoReturnBody) => recordCryptoReturn(id, body),
    onSuccess: (answer) => queryClient.setQueryData(adminSaleKeys.detail(id), answer),
    // A 409 (recorded by someone else meanwhile) shows the return as it is now.
    onError: () => void queryClient.invalidateQueries({ queryKey: adminSaleKeys.detail(id) }),
  });
}
