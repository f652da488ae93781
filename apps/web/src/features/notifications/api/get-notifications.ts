import { queryOptions, useQuery } from '@tanstack/react-query';
import { notificationListResponseSchema } from '@wise/shared';
import { api } from '../../../lib/api-client';
import { notificationKeys } from './keys';

/** GET /api/notifications → newest first. */
export function getNotifications(signal?: AbortSignal) {
  return api('/api/notifications', { schema: notificationListResponseSchema, signal });
}

/** While the list is open, a decision on a sale (or any new message) shows up within this long. */
export const NOTIFICATIONS_REFETCH_MS = 15_000;

export const notificationsQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.list(),
    queryFn: ({ signal }) => getNotifications(signal),
    // Only while the tab is visible (TanStack's default), and again whenever the customer returns to it.
    refetchInterval: NOTIFICATIONS_REFETCH_MS,
    refetchOnWindowFocus: true,
  });

export function useNotifications() {
  return useQuery(notificationsQueryOptions());
}
