import type { AuditQuery } from '@wise/shared/admin';

export type AuditFilters = Partial<Omit<AuditQuery, 'cursor' | 'limit'>>;

/** Query keys of the audit log. */
export const auditKeys = {
  all: ['admin', 'audit'] as const,
  list: (filters: AuditFilters) => [...auditKeys.all, 'list', filters] as const,
};
