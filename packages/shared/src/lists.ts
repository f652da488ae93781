/** What a long list says at its end while it loads older rows on scroll (issue 12). */
export const listTexts = {
  loadMore: 'Load more',
  loadingMore: 'Loading more…',
  retry: 'Try again',
} as const;
