import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notificationListResponseSchema, unreadCountResponseSchema } from '@wise/shared';
import { api } from '../../../lib/api-client';

/** GET /api/notifications → newest first. */
export const getNotifications = (signal?: AbortSignal) =>
  api('/api/notifications', { schema: notificationListResponseSchema, signal });
export const notificationsQuery = () =>
  queryOptions({ queryKey: ['notifications'], queryFn: ({ signal }) => getNotifications(signal) });
export const useNotifications = () => useQuery(notificationsQuery());

/** POST /api/notifications/read: opening the list marks everything read. */
export const markNotificationsRead = () =>
  api('/api/notifications/read', { method: 'POST', body: {}, schema: unreadCountResponseSchema });
export function useMarkNotificationsRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    onSuccess: () => client.invalidateQueries({ queryKey: ['dashboard'] }),
  });
}
