import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminWalletListSchema } from '@wise/shared/admin';
import { adminApi } from '#web/lib/admin-api';
import { businessKeys } from './keys';

/** GET /api/admin/crypto/wallets → every address, disabled ones included. */
export function getWallets(signal?: AbortSignal) {
  return adminApi('/crypto/wallets', { schema: adminWalletListSchema, signal });
}

export const walletsQueryOptions = () => queryOptions({ queryKey: businessKeys.wallets(), queryFn: ({ signal }) => getWallets(signal) });

export function useWallets() {
  return useQuery(walletsQueryOptions());
}
