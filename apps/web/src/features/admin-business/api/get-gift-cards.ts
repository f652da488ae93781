import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminGiftCardListSchema } from '@wise/shared/admin';
import { adminApi } from '#web/lib/admin-api';
import { businessKeys } from './keys';

/** GET /api/admin/giftcards → every card, enabled or not, by name, each with all its sub-categories. */
export function getGiftCards(signal?: AbortSignal) {
  return adminApi('/giftcards', { schema: adminGiftCardListSchema, signal });
}

export const giftCardsQueryOptions = () =>
  queryOptions({ queryKey: businessKeys.giftCards(), queryFn: ({ signal }) => getGiftCards(signal) });

export function useGiftCards() {
  return useQuery(giftCardsQueryOptions());
}
