import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { auditPageSchema } from '@wise/shared/admin';
import { adminApi } from '#web/lib/admin-api';
import { auditKeys, type AuditFilters } from './keys';

export const AUDIT_PAGE_SIZE = 50;

/** GET /api/admin/audit — newest first, keyset-paged (admins). */
export function getAudit(filters: AuditFilters, cursor: string | undefined, signal?: AbortSignal) {
  return adminApi('/audit', { schema: auditPageSchema, signal, query: { ...filters, cursor, limit: AUDIT_PAGE_SIZE } });
}

export const auditQueryOptions = (filters: AuditFilters) =>
  infiniteQueryOptions({
    queryKey: auditKeys.list(filters),
    queryFn: ({ pageParam, signal }) => getAudit(filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });

export function useAuditLog(filters: AuditFilters) {
  return useInfiniteQuery(auditQueryOptions(filters));
}
