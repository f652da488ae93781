import { queryOptions, useQuery } from '@tanstack/react-query';
import { referralSummarySchema } from '@wise/shared';
import { api } from '#web/lib/api-client';
import { referralKeys } from './keys';

/** GET /api/referrals → { code, link_path, referrer_gems, referee_gems, joined, gems_earned } (docs/features.md, "Referrals"). */
export function getReferralSummary(signal?: AbortSignal) {
  return api('/api/referrals', { schema: import.meta.env.DEV ? referralSummarySchema : undefined, signal });
}

export const referralSummaryQueryOptions = () =>
  queryOptions({ queryKey: referralKeys.summary(), queryFn: ({ signal }) => getReferralSummary(signal) });

/** Asked afresh each time /rewards opens: a friend may have joined or been paid since. */
export function useReferralSummary() {
  return useQuery({ ...referralSummaryQueryOptions(), refetchOnMount: 'always' });
}
