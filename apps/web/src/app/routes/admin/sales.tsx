import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { adminSaleListQuerySchema, REVIEW_TARGET_MINUTES_DEFAULT } from '@wise/shared/admin';
import { useStaff } from '#web/features/admin/auth/staff-context';
import { useCardOptions } from '#web/features/admin/sales/api/get-card-options';
import { useDeskSummary } from '#web/features/admin/sales/api/get-desk-summary';
import { secondApprovalFilters, useSalesQueue } from '#web/features/admin/sales/api/get-sales';
import type { SaleQueueFilters } from '#web/features/admin/sales/api/keys';
import { DeskHeader } from '#web/features/admin/sales/components/desk-header';
import { DeskQueue } from '#web/features/admin/sales/components/desk-queue';
import { SaleFilters } from '#web/features/admin/sales/components/sale-filters';
import { DESK_FILTER_KEYS, deskQuery, rememberDeskFilters } from '#web/features/admin/sales/desk-filters';
import { adminPaths } from './admin-paths';

const SEARCH_DELAY_MS = 300;

/** The URL's filters, read with the endpoint's own schema (anything unknown falls back to the default view). */
function readFilters(params: URLSearchParams): SaleQueueFilters {
  const raw: Record<string, string> = {};
  for (const key of DESK_FILTER_KEYS) {
    const value = params.get(key);
    if (value) raw[key] = value;
  }
  const parsed = adminSaleListQuerySchema.safeParse(raw);
  if (!parsed.success) return { status: 'pending' };
  const { cursor: _cursor, limit: _limit, ...filters } = parsed.data;
  return filters;
}

/**
 * /admin/sales: the review desk — totals, search, the dense queue (oldest first) and the decided
 * views, refreshed every ~10 s; in the waiting view, the sales waiting for a second approval in a
 * section of their own above the rest. Keys: j/k move, Enter opens (work mode), / searches — over
 * the sales this staff member can act on only.
 */
export function AdminSalesRoute() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const staff = useStaff();
  const filters = useMemo(() => readFilters(params), [params]);
  const sales = useSalesQueue(filters);
  // In the waiting view, the sales approved once and waiting for a second admin have their own section.
  const waitingView = (filters.status ?? 'pending') === 'pending';
  const second = useSalesQueue(secondApprovalFilters(filters), { enabled: waitingView });
  const summary = useDeskSummary();
  const cards = useCardOptions();
  const rows = useMemo(() => sales.data?.pages.flatMap((page) => page.items), [sales.data]);
  const secondRows = useMemo(
    () => (waitingView ? second.data?.pages.flatMap((page) => page.items) : undefined),
    [waitingView, second.data],
  );
  const [search, setSearch] = useState(filters.q ?? '');
  const searchRef = useRef<HTMLInputElement>(null);

  useEffect(() => rememberDeskFilters(filters), [filters]);

  const change = (next: SaleQueueFilters) => {
    setParams(deskQuery(next), { replace: true });
  };

  // The search runs once typing pauses; fewer than 2 letters is no search.
  useEffect(() => {
    const q = search.trim().length >= 2 ? search.trim() : undefined;
    if (q === filters.q) return;
    const timer = setTimeout(() => change({ ...filters, q }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the typed words start a search
  }, [search]);

  // "/" in work mode comes back here with the search focused.
  useEffect(() => {
    if ((location.state as { focusSearch?: boolean } | null)?.focusSearch) searchRef.current?.focus();
  }, [location.state]);

  const open = useCallback((id: string) => void navigate(adminPaths.sale(id)), [navigate]);

  const mineCount = summary.data?.mine.count ?? 0;
  return (
    <div className="desk">
      <div className="desk-toolbar">
        <h1 className="desk-title-main">Review desk</h1>
        <DeskHeader summary={summary.data} />
      </div>
      <div className="desk-toolbar">
        <label className="visually-hidden" htmlFor="desk-search">
          Search sales
        </label>
        <input
          id="desk-search"
          ref={searchRef}
          className="desk-search"
          type="search"
          placeholder="Search: name, e-mail, phone, sale id, card code, transaction ID, payout reference  ( / )"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          autoComplete="off"
          maxLength={100}
        />
        <button
          type="button"
          className="desk-chip"
          aria-pressed={filters.assigned === 'me'}
          onClick={() => change({ ...filters, assigned: filters.assigned === 'me' ? undefined : 'me' })}
        >
          Mine{mineCount > 0 ? ` (${mineCount})` : ''}
        </button>
        <p className="desk-keys" aria-label="Keyboard shortcuts">
          <kbd>j</kbd>/<kbd>k</kbd> move · <kbd>Enter</kbd> open · <kbd>/</kbd> search
        </p>
      </div>
      <div className="desk-filters">
        <SaleFilters
          filters={filters}
          onChange={change}
          cards={cards.data}
          counts={{ awaiting_approval: summary.data?.second_approval?.count }}
        />
      </div>
      <DeskQueue
        rows={rows}
        secondRows={secondRows}
        isLoading={sales.isPending}
        error={sales.error}
        onRetry={() => void sales.refetch()}
        hasMore={sales.hasNextPage}
        loadingMore={sales.isFetchingNextPage}
        onLoadMore={() => void sales.fetchNextPage()}
        saleHref={adminPaths.sale}
        viewer={staff}
        targetMinutes={summary.data?.review_target_minutes ?? REVIEW_TARGET_MINUTES_DEFAULT}
        onOpen={open}
        searchRef={searchRef}
      />
    </div>
  );
}
