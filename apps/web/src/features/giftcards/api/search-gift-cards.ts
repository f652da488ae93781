import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { giftCardListResponseSchema } from '@wise/shared';
import { api } from '#web/lib/api-client';
import { CATALOGUE_STALE_MS } from './get-gift-cards';
import { giftCardKeys } from './keys';

/** GET /api/giftcards/search?query= → { cards }; no match is a 404 whose text the screen shows (docs/product.md §8). */
export function searchGiftCards(query: string, signal?: AbortSignal) {
  return api(`/api/giftcards/search?query=${encodeURIComponent(query)}`, {
    schema: import.meta.env.DEV ? giftCardListResponseSchema : undefined,
    signal,
  });
}

export const searchGiftCardsQueryOptions = (query: string) =>
  queryOptions({
    queryKey: giftCardKeys.search(query),
    queryFn: ({ signal }) => searchGiftCards(query, signal),
    staleTime: CATALOGUE_STALE_MS,
    // "No match" is an answer, not a blip: asking again would only repeat the toast.
    retry: false,
  });

/** Nothing is asked for an empty query; the grid keeps the last answer while the next one loads. */
export function useSearchGiftCards(query: string) {
  return useQuery({ ...searchGiftCardsQueryOptions(query), enabled: query !== '', placeholderData: keepPreviousData });
}
