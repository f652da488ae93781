import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardResponseSchema } from '@wise/shared';
import { api } from '#web/lib/api-client';
import { dashboardKeys } from './keys';

/** GET /api/dashboard: name, photo, gem balance, unread count, pending actions. */
export function getDashboard(signal?: AbortSignal) {
  return api('/api/dashboard', { schema: import.meta.env.DEV ? dashboardResponseSchema : undefined, signal });
}

export const dashboardQueryOptions = () =>
  queryOptions({ queryKey: dashboardKeys.summary(), queryFn: ({ signal }) => getDashboard(signal) });

export function useDashboard() {
  return useQuery(dashboardQueryOptions());
}
