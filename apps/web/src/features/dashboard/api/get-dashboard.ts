import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardResponseSchema } from '@wise/shared';
import { api } from '../../../lib/api-client';
import { dashboardKeys } from './keys';

/** GET /api/dashboard: name, photo, gem balance, unread count, pending actions. */
export const getDashboard = (signal?: AbortSignal) => api('/api/dashboard', { schema: dashboardResponseSchema, signal });

export const dashboardQuery = () => queryOptions({ queryKey: dashboardKeys.summary(), queryFn: ({ signal }) => getDashboard(signal) });

export const useDashboard = () => useQuery(dashboardQuery());
