import { queryOptions, useQuery } from '@tanstack/react-query';
import { appInfoResponseSchema } from '@wise/shared';
import { api } from '#web/lib/api-client';
import { appInfoKeys } from './keys';

/** GET /api/app-info → { time_zone } (the server's APP_TIMEZONE), public. */
export function getAppInfo(signal?: AbortSignal) {
  return api('/api/app-info', { schema: import.meta.env.DEV ? appInfoResponseSchema : undefined, signal });
}

/** Server configuration: asked once per visit, never considered stale. */
export const appInfoQueryOptions = () =>
  queryOptions({ queryKey: appInfoKeys.detail(), queryFn: ({ signal }) => getAppInfo(signal), staleTime: Infinity });

export function useAppInfo() {
  return useQuery(appInfoQueryOptions());
}
