import type { AdminSaleListQuery } from '@wise/shared/admin';

/** The review queue's filters as the URL holds them (no cursor: pages belong to one list). */
export type SaleQueueFilters = Partial<Omit<AdminSaleListQuery, 'cursor' | 'limit'>>;

/** Query keys of the review queue and the sales under review. */
export const adminSaleKeys = {
  all: ['admin', 'sales'] as const,
  lists: () => [...adminSaleKeys.all, 'list'] as const,
  list: (filters: SaleQueueFilters) => [...adminSaleKeys.lists(), filters] as const,
  details: () => [...adminSaleKeys.all, 'detail'] as const,
  detail: (id: string) => [...adminSaleKeys.details(), id] as const,
  cardOptions: () => [...adminSaleKeys.all, 'card-options'] as const,
  desk: () => [...adminSaleKeys.all, 'desk'] as const,
  assignees: () => [...adminSaleKeys.all, 'assignees'] as const,
};

/** The queue and an open sale refresh themselves this often, so two reviewers see each other's claims. */
export const SALES_LIVE_MS = 10_000;
