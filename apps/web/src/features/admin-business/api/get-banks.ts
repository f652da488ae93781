import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminBankListSchema } from '@wise/shared/admin';
import { adminApi } from '#web/lib/admin-api';
import { businessKeys } from './keys';

/** GET /api/admin/banks → every bank, inactive ones included, with how many customers' accounts are there. */
export function getBanks(signal?: AbortSignal) {
  return adminApi('/banks', { schema: adminBankListSchema, signal });
}

export const banksQueryOptions = () => queryOptions({ queryKey: businessKeys.banks(), queryFn: ({ signal }) => getBanks(signal) });

export function useAdminBanks() {
  return useQuery(banksQueryOptions());
}
