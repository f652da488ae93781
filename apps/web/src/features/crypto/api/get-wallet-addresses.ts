import { queryOptions, useQuery } from '@tanstack/react-query';
import { walletAddressesResponseSchema } from '@wise/shared';
import { api } from '#web/lib/api-client';
import { cryptoKeys } from './keys';

/** GET /api/crypto/wallet-addresses → where customers send each coin, per network. */
export function getWalletAddresses(signal?: AbortSignal) {
  return api('/api/crypto/wallet-addresses', { schema: import.meta.env.DEV ? walletAddressesResponseSchema : undefined, signal });
}

export const walletAddressesQueryOptions = () =>
  queryOptions({ queryKey: cryptoKeys.walletAddresses(), queryFn: ({ signal }) => getWalletAddresses(signal) });

export function useWalletAddresses() {
  return useQuery(walletAddressesQueryOptions());
}
