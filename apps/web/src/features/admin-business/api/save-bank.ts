import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminBankResponseSchema, type CreateBankInput } from '@wise/shared/admin';
import { adminApi } from '#web/lib/admin-api';
import { businessKeys } from './keys';

/** POST /api/admin/banks `{ code, name, active }`. */
export function createBank(input: CreateBankInput) {
  return adminApi('/banks', { method: 'POST', body: input, schema: adminBankResponseSchema });
}

/** PATCH /api/admin/banks/:code `{ active }`: an inactive bank is no longer offered to customers. */
export function setBankActive({ code, active }: { code: string; active: boolean }) {
  return adminApi(`/banks/${encodeURIComponent(code)}`, { method: 'PATCH', body: { active }, schema: adminBankResponseSchema });
}

export function useCreateBank() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createBank, onSuccess: () => queryClient.invalidateQueries({ queryKey: businessKeys.banks() }) });
}

export function useSetBankActive() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setBankActive, onSuccess: () => queryClient.invalidateQueries({ queryKey: businessKeys.banks() }) });
}
