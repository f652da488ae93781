import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminGiftCardListSchema } from '@wise/shared/admin';
import { adminApi } from '#web/lib/admin-api';
import { adminSaleKeys } from './keys';

/**
 * The gift cards for the queue's card filter, from GET /api/admin/giftcards (readable by every
 * staff member; changing the catalogue is for admins).
 */
export const cardOptionsQueryOptions = () =>
  queryOptions({
    queryKey: adminSaleKeys.cardOptions(),
    queryFn: ({ signal }) => adminApi('/giftcards', { schema: adminGiftCardListSchema, signal }),
    select: (answer) => answer.cards.map((card) => ({ value: card.id, label: card.name })),
    staleTime: 5 * 60_000,
    retry: false,
  });

export function useCardOptions() {
  return useQuery(cardOptionsQueryOptions());
}
