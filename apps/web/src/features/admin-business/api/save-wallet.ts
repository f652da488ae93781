import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminWalletResponseSchema, type CreateWalletInput, type UpdateWalletInput } from '@wise/shared/admin';
import { adminApi } from '#web/lib/admin-api';
import { businessKeys } from './keys';

/** POST /api/admin/crypto/wallets: a new address, with the authenticator code. */
export function createWallet(input: CreateWalletInput) {
  return adminApi('/crypto/wallets', { method: 'POST', body: input, schema: adminWalletResponseSchema });
}

/** PATCH /api/admin/crypto/wallets/:id: network, address, memo or on/off (the coin stays), with the code. */
export function updateWallet({ id, changes }: { id: string; changes: UpdateWalletInput }) {
  return adminApi(`/crypto/wallets/${encodeURIComponent(id)}`, { method: 'PATCH', body: changes, schema: adminWalletResponseSchema });
}

export function useCreateWallet() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createWallet, onSuccess: () => queryClient.invalidateQueries({ queryKey: businessKeys.wallets() }) });
}

export function useUpdateWallet() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateWallet, onSuccess: () => queryClient.invalidateQueries({ queryKey: businessKeys.wallets() }) });
}
