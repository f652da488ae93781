import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { GEM_STATEMENT_PAGE_SIZE, gemStatementResponseSchema } from '@wise/shared';
import { api } from '#web/lib/api-client';
import { gemKeys } from './keys';

/** GET /api/gems/statement[?cursor=] → { movements, next_cursor }, newest first, each with the balance after it. */
export function getGemStatement(cursor: string | undefined, signal?: AbortSignal) {
  const query = new URLSearchParams({ limit: String(GEM_STATEMENT_PAGE_SIZE) });
  if (cursor) query.set('cursor', cursor);
  return api(`/api/gems/statement?${query.toString()}`, { schema: import.meta.env.DEV ? gemStatementResponseSchema : undefined, signal });
}

export const gemStatementQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: gemKeys.statement(),
    queryFn: ({ pageParam, signal }) => getGemStatement(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    // Older movements follow the server's keyset cursor (it carries the running balance); null ends the list.
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });

export function useGemStatement() {
  return useInfiniteQuery(gemStatementQueryOptions());
}
