import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { resolvedAccountSchema, type ResolveBankAccountInput } from '@wise/shared';
import { api } from '#web/lib/api-client';
import { bankKeys } from './keys';

/** An account's name does not change while the customer types the rest of the form. */
const RESOLVED_STALE_MS = 10 * 60 * 1000;

/** POST /api/bank/resolve → the name on the account (shown before saving). */
export function resolveAccount(input: ResolveBankAccountInput, signal?: AbortSignal) {
  return api('/api/bank/resolve', { method: 'POST', body: input, schema: import.meta.env.DEV ? resolvedAccountSchema : undefined, signal });
}

/** Nothing is asked until both the bank and a whole account number are there. */
export const resolvedAccountQueryOptions = (input: ResolveBankAccountInput | undefined) =>
  queryOptions({
    queryKey: bankKeys.resolve(input?.bank_code, input?.bank_account),
    queryFn: input ? ({ signal }) => resolveAccount(input, signal) : skipToken,
    staleTime: RESOLVED_STALE_MS,
    retry: false,
  });

export function useResolvedAccount(input: ResolveBankAccountInput | undefined) {
  return useQuery(resolvedAccountQueryOptions(input));
}
