import { useMutation } from '@tanstack/react-query';
import { unreadCountResponseSchema } from '@wise/shared';
import { api } from '#web/lib/api-client';

/** POST /api/notifications/read → { unread_count }: opening the list marks everything read. */
export function markNotificationsRead() {
  return api('/api/notifications/read', { method: 'POST', body: {}, schema: import.meta.env.DEV ? unreadCountResponseSchema : undefined });
}

/**
 * The open list keeps its unread dots until the next visit, so nothing here is refetched; the
 * screen refreshes the dashboard's unread badge.
 */
export function useMarkNotificationsRead() {
  return useMutation({ mutationFn: markNotificationsRead });
}
