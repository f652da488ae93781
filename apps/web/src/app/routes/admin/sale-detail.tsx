import { useRef } from 'react';
import { useParams } from 'react-router';
import { Panel } from '#web/components/admin/admin-layout';
import { PageHeader } from '#web/components/admin/page-header';
import { EmptyState } from '#web/components/ui/empty-state';
import { FetchError } from '#web/components/ui/fetch-error';
import { LinkButton } from '#web/components/ui/button';
import { Skeleton } from '#web/components/ui/skeleton';
import { useStaff } from '#web/features/admin/auth/staff-context';
import { useSale } from '#web/features/admin/sales/api/get-sale';
import { AssignPanel } from '#web/features/admin/sales/components/assign-panel';
import { SaleReview } from '#web/features/admin/sales/components/sale-review';
import { WorkMode } from '#web/features/admin/sales/components/work-mode';
import { ApiError } from '#web/lib/admin-api';
import { adminPaths } from './admin-paths';

/**
 * /admin/sales/:id: one sale to decide, refreshed every ~10 s (claims, payout progress), in work
 * mode: claimed on opening, decided from the keyboard, the next sale opening after a decision.
 */
export function AdminSaleRoute() {
  const { id = '' } = useParams();
  const staff = useStaff();
  const sale = useSale(id);
  const approveRef = useRef<(() => void) | null>(null);
  const nextRef = useRef<() => void>(() => undefined);

  if (sale.isPending) {
    return (
      <div aria-busy="true">
        <PageHeader back={{ to: adminPaths.sales, label: 'Review queue' }} title={<Skeleton width={280} height={28} />} />
        <Panel>
          <Skeleton height={96} width={260} />
          <div style={{ height: 16 }} />
          <Skeleton height={14} width="60%" />
          <div style={{ height: 8 }} />
          <Skeleton height={14} width="40%" />
        </Panel>
      </div>
    );
  }
  if (sale.isError) {
    const notFound = sale.error instanceof ApiError && (sale.error.status === 404 || sale.error.status === 400);
    return (
      <>
        <PageHeader back={{ to: adminPaths.sales, label: 'Review queue' }} title="Sale" />
        {notFound ? (
          <EmptyState
            title="Sale not found"
            text="It may have been mistyped."
            action={<LinkButton to={adminPaths.sales}>Back to the queue</LinkButton>}
          />
        ) : (
          <FetchError message="Couldn't load this sale" onRetry={() => void sale.refetch()} retrying={sale.isFetching} />
        )}
      </>
    );
  }
  const open = sale.data.status === 'submitted' || sale.data.status === 'under_review';
  return (
    <SaleReview
      key={sale.data.id}
      sale={sale.data}
      staff={staff}
      backHref={adminPaths.sales}
      saleHref={adminPaths.sale}
      approveRef={approveRef}
      onDecided={() => nextRef.current()}
      banner={
        <WorkMode
          sale={sale.data}
          staff={staff}
          saleHref={adminPaths.sale}
          queueHref={adminPaths.sales}
          onApprove={() => approveRef.current?.()}
          nextRef={nextRef}
        />
      }
      aside={staff.role === 'admin' && open ? <AssignPanel key={sale.data.assignment?.staff.id ?? 'none'} sale={sale.data} /> : null}
    />
  );
}
