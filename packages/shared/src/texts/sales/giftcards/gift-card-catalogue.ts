export const giftCardCatalogueTexts = {
  loading: 'Loading gift cards',
  noMatchText: 'Check the spelling, or clear the search to see every card.',
  clearSearch: 'Clear search',
  search: 'Search gift cards',
} as const;
