import { queryOptions, useQuery } from '@tanstack/react-query';
import { notificationListResponseSchema } from '@wise/shared';
import { api } from '../../../lib/api-client';
import { notificationKeys } from './keys';

/** GET /api/notifications → newest first. */
export function getNotifications(signal?: AbortSignal) {
  return api('/api/notifications', { schema: notificationListResponseSchema, signal });
}

export const notificationsQueryOptions = () =>
  queryOptions({ queryKey: notificationKeys.list(), queryFn: ({ signal }) => getNotifications(signal) });

export function useNotifications() {
  return useQuery(notificationsQueryOptions());
}
