import { skipToken, useQuery } from '@tanstack/react-query';
import { depositAddressResponseSchema, depositErrorCodes, type CoinId, type CryptoNetworkId, type DepositAddress } from '@wise/shared';
import { api, ApiError } from '#web/lib/api-client';
import { cryptoKeys } from './keys';

/**
 * GET /api/crypto/deposit-address → the customer's own address on this network (or a Solana Pay
 * request for this payment); null when the network has no watcher (503 DEPOSITS_UNAVAILABLE), and
 * the screen then shows the shared address and the screenshot instead.
 */
export async function getDepositAddress(coin: CoinId, network: CryptoNetworkId, signal?: AbortSignal): Promise<DepositAddress | null> {
  const query = new URLSearchParams({ coin, network });
  try {
    const { deposit_address } = await api(`/api/crypto/deposit-address?${query}`, {
      schema: import.meta.env.DEV ? depositAddressResponseSchema : undefined,
      signal,
    });
    return deposit_address;
  } catch (error) {
    // A server without the route (an older instance during a deploy) has no watcher either.
    if (error instanceof ApiError && (error.code === depositErrorCodes.unavailable || error.status === 404)) return null;
    throw error;
  }
}

/** `network` undefined: nothing is asked yet (USDT before its network is chosen). */
export function useDepositAddress(coin: CoinId, network: CryptoNetworkId | undefined) {
  return useQuery({
    queryKey: cryptoKeys.depositAddress(coin, network ?? ''),
    queryFn: network ? ({ signal }) => getDepositAddress(coin, network, signal) : skipToken,
    // A Solana Pay request carries a reference drawn for it: the QR must not change under the
    // customer's camera, so the answer is kept for the screen's life rather than asked again.
    staleTime: Infinity,
  });
}
