import { queryOptions, useQuery } from '@tanstack/react-query';
import { reviewTimesSchema } from '@wise/shared/admin';
import { adminApi } from '#web/lib/admin-api';
import { dashboardKeys } from './get-dashboard';

/** GET /api/admin/dashboard/review-times?days=14|30 — submission → decision and → paid per day. */
export const reviewTimesQueryOptions = (days: 14 | 30) =>
  queryOptions({
    queryKey: [...dashboardKeys.all, 'review-times', days] as const,
    queryFn: ({ signal }) => adminApi('/dashboard/review-times', { schema: reviewTimesSchema, signal, query: { days } }),
    staleTime: 60_000,
  });

export function useReviewTimes(days: 14 | 30) {
  return useQuery(reviewTimesQueryOptions(days));
}
