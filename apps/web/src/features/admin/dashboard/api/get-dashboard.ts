import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminDashboardSchema } from '@wise/shared/admin';
import { adminApi } from '#web/lib/admin-api';

export const dashboardKeys = {
  all: ['admin', 'dashboard'] as const,
  detail: () => [...dashboardKeys.all, 'detail'] as const,
};

/** GET /api/admin/dashboard — what needs staff now, and today's figures. */
export function getDashboard(signal?: AbortSignal) {
  return adminApi('/dashboard', { schema: adminDashboardSchema, signal });
}

/** Kept live like the queue: the first screen a reviewer leaves open. */
export const dashboardQueryOptions = () =>
  queryOptions({ queryKey: dashboardKeys.detail(), queryFn: ({ signal }) => getDashboard(signal), refetchInterval: 15_000 });

export function useDashboard() {
  return useQuery(dashboardQueryOptions());
}
