/** Query keys of the gift-card feature. */
export const giftCardKeys = {
  all: ['giftcards'] as const,
  list: () => [...giftCardKeys.all, 'list'] as const,
  search: (query: string) => [...giftCardKeys.all, 'search', query] as const,
  detail: (slug: string) => [...giftCardKeys.all, 'detail', slug] as const,
};
