import { queryOptions, useQuery } from '@tanstack/react-query';
import { rateAlertListResponseSchema } from '@wise/shared';
import { api } from '#web/lib/api-client';
import { rateKeys } from './keys';

/** GET /api/rates/alerts → the customer's alerts, waiting ones first. */
export function getRateAlerts(signal?: AbortSignal) {
  return api('/api/rates/alerts', { schema: import.meta.env.DEV ? rateAlertListResponseSchema : undefined, signal });
}

export const rateAlertsQueryOptions = () => queryOptions({ queryKey: rateKeys.alerts(), queryFn: ({ signal }) => getRateAlerts(signal) });

/** Only asked for with a session: a visitor's call would answer 401 and end nothing but the page. */
export function useRateAlerts(enabled: boolean) {
  return useQuery({ ...rateAlertsQueryOptions(), enabled, refetchOnMount: 'always' });
}
