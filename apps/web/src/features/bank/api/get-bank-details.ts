import { queryOptions, useQuery } from '@tanstack/react-query';
import { bankDetailsResponseSchema } from '@wise/shared';
import { api } from '#web/lib/api-client';
import { bankKeys } from './keys';

/** GET /api/bank → bank_name, bank_account, account_name (null while none). */
export function getBankDetails(signal?: AbortSignal) {
  return api('/api/bank', { schema: import.meta.env.DEV ? bankDetailsResponseSchema : undefined, signal });
}

export const bankDetailsQueryOptions = () =>
  queryOptions({ queryKey: bankKeys.details(), queryFn: ({ signal }) => getBankDetails(signal) });

export function useBankDetails() {
  return useQuery(bankDetailsQueryOptions());
}
