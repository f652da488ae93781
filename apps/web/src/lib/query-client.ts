import { QueryCache, QueryClient } from '@tanstack/react-query';
import { QUERY_STALE_MS } from '@wise/shared';
import { outageOver, retryDelay, retryQuery } from './outage';

/**
 * One client for the app; data is stale after 1000 ms (docs/product.md §9). A 503 is waited out and
 * told once (lib/outage.ts).
 */
export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onSuccess: outageOver }),
  defaultOptions: {
    queries: { staleTime: QUERY_STALE_MS, retry: retryQuery, retryDelay, refetchOnWindowFocus: true },
    mutations: { retry: false },
  },
});
