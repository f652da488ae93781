import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { adminSaleListQuerySchema } from '@wise/shared/admin';
import { PageHeader } from '../../../components/admin/page-header';
import { useStaff } from '../../../features/admin/auth/staff-context';
import { useCardOptions } from '../../../features/admin/sales/api/get-card-options';
import { useSalesQueue } from '../../../features/admin/sales/api/get-sales';
import type { SaleQueueFilters } from '../../../features/admin/sales/api/keys';
import { SaleFilters } from '../../../features/admin/sales/components/sale-filters';
import { SalesTable } from '../../../features/admin/sales/components/sales-table';
import { adminPaths } from './admin-paths';

const FILTER_KEYS = ['status', 'kind', 'gift_card_id', 'coin', 'older_than_minutes', 'flag', 'sort'] as const;

/** The URL's filters, read with the endpoint's own schema (anything unknown falls back to the default view). */
function readFilters(params: URLSearchParams): SaleQueueFilters {
  const raw: Record<string, string> = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key);
    if (value) raw[key] = value;
  }
  const parsed = adminSaleListQuerySchema.safeParse(raw);
  if (!parsed.success) return { status: 'pending' };
  const { cursor: _cursor, limit: _limit, ...filters } = parsed.data;
  return filters;
}

/** /admin/sales: the review queue (oldest first) and the decided views, refreshed every ~10 s. */
export function AdminSalesRoute() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const staff = useStaff();
  const filters = useMemo(() => readFilters(params), [params]);
  const sales = useSalesQueue(filters);
  const cards = useCardOptions();
  const rows = useMemo(() => sales.data?.pages.flatMap((page) => page.items), [sales.data]);

  const change = (next: SaleQueueFilters) => {
    const search = new URLSearchParams();
    for (const key of FILTER_KEYS) {
      const value = next[key];
      if (value !== undefined && value !== '' && !(key === 'status' && value === 'pending') && !(key === 'sort' && value === 'default')) search.set(key, String(value));
    }
    setParams(search, { replace: true });
  };

  return (
    <>
      <PageHeader title="Review queue" description="Oldest first. Claim a sale before you decide it; claims last 15 minutes." />
      <SaleFilters filters={filters} onChange={change} cards={cards.data} />
      <SalesTable
        rows={rows}
        isLoading={sales.isPending}
        error={sales.error}
        onRetry={() => void sales.refetch()}
        retrying={sales.isFetching}
        hasMore={sales.hasNextPage}
        loadingMore={sales.isFetchingNextPage}
        onLoadMore={() => void sales.fetchNextPage()}
        onOpen={(sale) => void navigate(adminPaths.sale(sale.id))}
        saleHref={adminPaths.sale}
        staffId={staff.id}
        waiting={(filters.status ?? 'pending') === 'pending'}
      />
    </>
  );
}
