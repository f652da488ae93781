import { queryOptions, useQuery } from '@tanstack/react-query';
import { reviewTimeResponseSchema, REVIEW_TIME_CACHE_SECONDS } from '@wise/shared';
import { api } from '#web/lib/api-client';
import { transactionKeys } from './keys';

/** GET /api/sales/review-time → { median_seconds, reviews, window_hours }: how long reviews take now. */
export function getReviewTime(signal?: AbortSignal) {
  return api('/api/sales/review-time', { schema: import.meta.env.DEV ? reviewTimeResponseSchema : undefined, signal });
}

/** The server keeps the figure a minute: asking sooner would get the same answer. */
export const reviewTimeQueryOptions = () =>
  queryOptions({
    queryKey: transactionKeys.reviewTime(),
    queryFn: ({ signal }) => getReviewTime(signal),
    staleTime: REVIEW_TIME_CACHE_SECONDS * 1000,
  });

export function useReviewTime() {
  return useQuery(reviewTimeQueryOptions());
}
