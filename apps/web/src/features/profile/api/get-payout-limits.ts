import { queryOptions, useQuery } from '@tanstack/react-query';
import { payoutLimitsSchema, type PayoutLimits } from '@wise/shared';
import { api } from '#web/lib/api-client';
import { profileKeys } from './keys';

/** GET /api/profile/limits → the verification tier, the daily payout limit and today's usage (tier 0: the total too). */
export function getPayoutLimits(signal?: AbortSignal): Promise<PayoutLimits> {
  return api('/api/profile/limits', { schema: import.meta.env.DEV ? payoutLimitsSchema : undefined, signal });
}

export const payoutLimitsQueryOptions = () =>
  queryOptions({ queryKey: profileKeys.limits(), queryFn: ({ signal }) => getPayoutLimits(signal) });

export function usePayoutLimits() {
  return useQuery(payoutLimitsQueryOptions());
}
