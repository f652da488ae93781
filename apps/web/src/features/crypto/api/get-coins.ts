import { queryOptions, useQuery } from '@tanstack/react-query';
import { coinsResponseSchema, type CoinId } from '@wise/shared';
import { api } from '#web/lib/api-client';
import { cryptoKeys } from './keys';

/** While a coin's value is on screen its prices are asked for again this often. */
export const COINS_REFRESH_MS = 30_000;

/** GET /api/crypto/coins → BTC, USDT, BNB and SOL with USD prices, 24 h change and naira-per-USD rate. */
export function getCoins(signal?: AbortSignal) {
  return api('/api/crypto/coins', { schema: import.meta.env.DEV ? coinsResponseSchema : undefined, signal });
}

export const coinsQueryOptions = () => queryOptions({ queryKey: cryptoKeys.coins(), queryFn: ({ signal }) => getCoins(signal) });

/** `live`: refreshed every COINS_REFRESH_MS while the screen is open (the preview follows the price). */
export function useCoins({ live = false }: { live?: boolean } = {}) {
  return useQuery({ ...coinsQueryOptions(), refetchInterval: live ? COINS_REFRESH_MS : false });
}

/** One coin of the answer, or undefined when the server did not price it. */
export function useCoin(id: CoinId, options: { live?: boolean } = {}) {
  const coins = useCoins(options);
  return { ...coins, coin: coins.data?.coins.find((coin) => coin.id === id) };
}
