import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { notificationListResponseSchema, unreadCountResponseSchema } from '@wise/shared';
import { api } from '../../../lib/api-client';
import { notificationKeys } from './keys';

/** GET /api/notifications → newest first. */
export const getNotifications = (signal?: AbortSignal) =>
  api('/api/notifications', { schema: notificationListResponseSchema, signal });
export const notificationsQuery = () =>
  queryOptions({ queryKey: notificationKeys.list(), queryFn: ({ signal }) => getNotifications(signal) });
export const useNotifications = () => useQuery(notificationsQuery());

/**
 * POST /api/notifications/read: opening the list marks everything read. The open list keeps its
 * unread dots until the next visit; the screen refreshes the dashboard's unread badge.
 */
export const markNotificationsRead = () =>
  api('/api/notifications/read', { method: 'POST', body: {}, schema: unreadCountResponseSchema });
export const useMarkNotificationsRead = () => useMutation({ mutationFn: markNotificationsRead });
