import { queryOptions, useQuery } from '@tanstack/react-query';
import { trendingResponseSchema } from '@wise/shared';
import { api } from '#web/lib/api-client';
import { cryptoKeys } from './keys';

/** The server refreshes trending coins every few minutes: asking more often only costs the phone. */
const TRENDING_STALE_MS = 60_000;

/** GET /api/crypto/trending → the market's trending coins, in its order. */
export function getTrending(signal?: AbortSignal) {
  return api('/api/crypto/trending', { schema: import.meta.env.DEV ? trendingResponseSchema : undefined, signal });
}

export const trendingQueryOptions = () =>
  queryOptions({ queryKey: cryptoKeys.trending(), queryFn: ({ signal }) => getTrending(signal), staleTime: TRENDING_STALE_MS });

export function useTrending() {
  return useQuery(trendingQueryOptions());
}
