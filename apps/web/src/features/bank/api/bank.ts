import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  bankDetailsResponseSchema,
  bankListResponseSchema,
  resolvedAccountSchema,
  type ResolveBankAccountInput,
  type UpdateBankInput,
} from '@wise/shared';
import { api } from '../../../lib/api-client';
import { bankKeys } from './keys';

/** GET /api/bank → bank_name, bank_account (null while none). */
export const getBankDetails = (signal?: AbortSignal) => api('/api/bank', { schema: bankDetailsResponseSchema, signal });
export const bankDetailsQuery = () => queryOptions({ queryKey: bankKeys.details(), queryFn: ({ signal }) => getBankDetails(signal) });
export const useBankDetails = () => useQuery(bankDetailsQuery());

/** GET /api/banks → [{ code, name }]. The list barely changes: cached for the session. */
export const getBanks = (signal?: AbortSignal) => api('/api/banks', { schema: bankListResponseSchema, signal });
export const banksQuery = () =>
  queryOptions({ queryKey: bankKeys.list(), queryFn: ({ signal }) => getBanks(signal), staleTime: 60 * 60 * 1000 });
export const useBanks = () => useQuery(banksQuery());

/** POST /api/bank/resolve → the name on the account (shown before saving). */
export const resolveAccount = (input: ResolveBankAccountInput, signal?: AbortSignal) =>
  api('/api/bank/resolve', { method: 'POST', body: input, schema: resolvedAccountSchema, signal });
export const useResolvedAccount = (input: ResolveBankAccountInput | undefined) =>
  useQuery({
    queryKey: bankKeys.resolve(input?.bank_code, input?.bank_account),
    queryFn: ({ signal }) => resolveAccount(input as ResolveBankAccountInput, signal),
    enabled: input !== undefined,
    staleTime: 10 * 60 * 1000,
    retry: false,
  });

/** PUT /api/bank (the PIN is required when replacing existing details). */
export const updateBank = (input: UpdateBankInput) => api('/api/bank', { method: 'PUT', body: input, schema: bankDetailsResponseSchema });
export function useUpdateBank() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateBank,
    onSuccess: (details) => client.setQueryData(bankKeys.details(), details),
  });
}
