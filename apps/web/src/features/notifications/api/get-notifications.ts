import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { NOTIFICATIONS_PAGE_SIZE, notificationListResponseSchema } from '@wise/shared';
import { api } from '#web/lib/api-client';
import { notificationKeys } from './keys';

/** GET /api/notifications[?cursor=] → { notifications, next_cursor }, newest first. */
export function getNotifications(cursor: string | undefined, signal?: AbortSignal) {
  const query = new URLSearchParams({ limit: String(NOTIFICATIONS_PAGE_SIZE) });
  if (cursor) query.set('cursor', cursor);
  return api(`/api/notifications?${query.toString()}`, {
    schema: import.meta.env.DEV ? notificationListResponseSchema : undefined,
    signal,
  });
}

/** While the list is open, a decision on a sale (or any new message) shows up within this long. */
export const NOTIFICATIONS_REFETCH_MS = 15_000;

export const notificationsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: notificationKeys.list(),
    queryFn: ({ pageParam, signal }) => getNotifications(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    // Older pages follow the server's keyset cursor; null on the last page ends the list.
    getNextPageParam: (page) => page.next_cursor ?? undefined,
    // Only while the tab is visible (TanStack's default), and again whenever the customer returns to it.
    refetchInterval: NOTIFICATIONS_REFETCH_MS,
    refetchOnWindowFocus: true,
  });

export function useNotifications() {
  return useInfiniteQuery(notificationsQueryOptions());
}
