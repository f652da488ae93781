import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cryptoReturnResponseSchema, type AnyTransactionDetailResponse, type CryptoReturnRequestBody } from '@wise/shared';
import { api } from '#web/lib/api-client';
import { transactionKeys } from './keys';

/** POST /api/transactions/:id/crypto-return → { crypto_return }: a rejected crypto sale's coins back to the customer's wallet. */
export function requestCryptoReturn(id: string, body: CryptoReturnRequestBody) {
  return api(`/api/transactions/${encodeURIComponent(id)}/crypto-return`, {
    method: 'POST',
    body,
    schema: import.meta.env.DEV ? cryptoReturnResponseSchema : undefined,
  });
}

/** The answer goes straight into the transaction's cached detail; a 409 fetches it again. */
export function useRequestCryptoReturn(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CryptoReturnRequestBody) => requestCryptoReturn(id, body),
    onSuccess: ({ crypto_return }) =>
      queryClient.setQueryData<AnyTransactionDetailResponse>(transactionKeys.detail(id), (current) =>
        current && 'crypto_return' in current.transaction ? { transaction: { ...current.transaction, crypto_return } } : current,
      ),
    onError: () => void queryClient.invalidateQueries({ queryKey: transactionKeys.detail(id) }),
  });
}
