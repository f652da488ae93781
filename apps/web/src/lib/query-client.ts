import { QueryClient } from '@tanstack/react-query';
import { QUERY_STALE_MS } from '@wise/shared';

/** One client for the app; data is stale after 1000 ms (docs/product.md §9). */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: QUERY_STALE_MS, retry: 1, refetchOnWindowFocus: true },
    mutations: { retry: false },
  },
});
