import { skipToken, useQuery } from '@tanstack/react-query';
import { depositListResponseSchema, type CoinId, type CryptoNetworkId } from '@wise/shared';
import { api } from '#web/lib/api-client';
import { pendingRefetchMs } from '#web/lib/live-updates';
import { depositKeys } from './deposit-keys';

/** GET /api/crypto/deposits → the customer's latest deposits of this coin on this network, newest first. */
export function getDeposits(coin: CoinId, network: CryptoNetworkId, signal?: AbortSignal) {
  const query = new URLSearchParams({ coin, network });
  return api(`/api/crypto/deposits?${query}`, { schema: import.meta.env.DEV ? depositListResponseSchema : undefined, signal });
}

/**
 * Watched while the deposit screen is open: a `deposit` live event refetches it at once
 * (app/live-updates.ts); the poll is the fallback — every few seconds while the stream is down,
 * rarely while it is up. `network` undefined: nothing to watch yet.
 */
export function useDeposits(coin: CoinId, network: CryptoNetworkId | undefined) {
  return useQuery({
    queryKey: depositKeys.list(coin, network ?? ''),
    queryFn: network ? ({ signal }) => getDeposits(coin, network, signal) : skipToken,
    refetchInterval: () => pendingRefetchMs(),
  });
}
