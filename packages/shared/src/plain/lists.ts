/*
 * The part of lists.ts that needs no zod (messages, constants, plain helpers), apart so a screen
 * that only shows these does not download zod with the schemas (the JavaScript budgets, docs/PERFORMANCE.md). lists.ts
 * re-exports all of it: import from '@wise/shared' as before.
 */

/** What a long list says at its end while it loads older rows on scroll (docs/decisions.md §7b.4). */
export const listTexts = {
  loadMore: 'Load more',
  loadingMore: 'Loading more…',
  retry: 'Try again',
} as const;
