import { useSearchParams } from 'react-router';
import { depositDeskQuerySchema, type DepositDeskView } from '@wise/shared/admin';
import { PageHeader } from '#web/components/admin/page-header';
import { DepositDesk } from '#web/features/admin/deposits/components/deposit-desk';
import { adminPaths } from './admin-paths';
import { businessPaths } from './business/paths';

/** The URL's view, read with the endpoint's own schema (anything unknown is the waiting view). */
function readView(params: URLSearchParams): DepositDeskView {
  const parsed = depositDeskQuerySchema.safeParse({ view: params.get('view') ?? undefined });
  return parsed.success ? parsed.data.view : 'review';
}

/**
 * /admin/deposits (reviewers and admins): deposits to customers' own addresses that the watcher
 * could not sell by itself, priced into a sale or closed by a person (docs/crypto-settlement.md).
 */
export function AdminDepositsRoute() {
  const [params, setParams] = useSearchParams();
  const view = readView(params);
  return (
    <>
      <PageHeader
        title="Deposits"
        description="Deposits to customers' own addresses that the watcher could not sell by itself. Price one into a sale, which another reviewer approves at the review desk, or close it with a reason the customer reads."
      />
      <DepositDesk
        view={view}
        onViewChange={(next) => setParams(next === 'review' ? {} : { view: next }, { replace: true })}
        saleHref={adminPaths.sale}
        customerHref={businessPaths.customer}
      />
    </>
  );
}
