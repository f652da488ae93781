import { queryOptions, useQuery } from '@tanstack/react-query';
import { giftCardListResponseSchema } from '@wise/shared';
import { api } from '#web/lib/api-client';
import { giftCardKeys } from './keys';

/** The catalogue changes when staff change it: a few minutes' cache is fine while browsing. */
export const CATALOGUE_STALE_MS = 5 * 60 * 1000;

/** GET /api/giftcards → { cards } (enabled cards by name; an empty catalogue is a 404). */
export function getGiftCards(signal?: AbortSignal) {
  return api('/api/giftcards', { schema: import.meta.env.DEV ? giftCardListResponseSchema : undefined, signal });
}

export const giftCardsQueryOptions = () =>
  queryOptions({ queryKey: giftCardKeys.list(), queryFn: ({ signal }) => getGiftCards(signal), staleTime: CATALOGUE_STALE_MS });

export function useGiftCards(enabled = true) {
  return useQuery({ ...giftCardsQueryOptions(), enabled });
}
