import { queryOptions, useQuery } from '@tanstack/react-query';
import { bankListResponseSchema } from '@wise/shared';
import { api } from '#web/lib/api-client';
import { bankKeys } from './keys';

/** The list barely changes: cached for the session. */
const BANKS_STALE_MS = 60 * 60 * 1000;

/** GET /api/banks → [{ code, name }]. */
export function getBanks(signal?: AbortSignal) {
  return api('/api/banks', { schema: import.meta.env.DEV ? bankListResponseSchema : undefined, signal });
}

export const banksQueryOptions = () =>
  queryOptions({ queryKey: bankKeys.list(), queryFn: ({ signal }) => getBanks(signal), staleTime: BANKS_STALE_MS });

export function useBanks() {
  return useQuery(banksQueryOptions());
}
