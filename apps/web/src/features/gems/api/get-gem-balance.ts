import { queryOptions, useQuery } from '@tanstack/react-query';
import { gemBalanceResponseSchema } from '@wise/shared';
import { api } from '#web/lib/api-client';
import { gemKeys } from './keys';

/** GET /api/gems/balance → { total_points }: the ledger's spendable balance (the original get_user_points). */
export function getGemBalance(signal?: AbortSignal) {
  return api('/api/gems/balance', { schema: import.meta.env.DEV ? gemBalanceResponseSchema : undefined, signal });
}

export const gemBalanceQueryOptions = () => queryOptions({ queryKey: gemKeys.balance(), queryFn: ({ signal }) => getGemBalance(signal) });

export function useGemBalance() {
  return useQuery(gemBalanceQueryOptions());
}
