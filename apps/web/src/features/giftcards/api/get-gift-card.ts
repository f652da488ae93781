import { queryOptions, useQuery } from '@tanstack/react-query';
import { giftCardDetailResponseSchema, type GiftCardDetailResponse } from '@wise/shared';
import { api } from '#web/lib/api-client';
import { giftCardKeys } from './keys';

/** GET /api/giftcards/:slug → the card and its sub-categories with their current rates. */
export function getGiftCard(slug: string, signal?: AbortSignal) {
  return api(`/api/giftcards/${encodeURIComponent(slug)}`, {
    schema: import.meta.env.DEV ? giftCardDetailResponseSchema : undefined,
    signal,
  });
}

/** Rates move: they are read fresh each time the form opens (docs/product.md §9 "stale after 1000 ms"). */
export const giftCardQueryOptions = (slug: string) =>
  queryOptions({ queryKey: giftCardKeys.detail(slug), queryFn: ({ signal }) => getGiftCard(slug, signal) });

export function useGiftCard(slug: string) {
  return useQuery(giftCardQueryOptions(slug));
}

/** A sub-category's rate as the server now states it (after a 409 RATE_CHANGED). */
export function withRate(detail: GiftCardDetailResponse, subcategoryId: string, exchangeRate: string): GiftCardDetailResponse {
  return {
    ...detail,
    subcategories: detail.subcategories.map((sub) => (sub.id === subcategoryId ? { ...sub, exchange_rate: exchangeRate } : sub)),
  };
}
