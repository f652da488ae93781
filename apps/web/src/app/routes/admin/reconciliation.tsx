import { PageHeader } from '#web/components/admin/page-header';
import { ReconciliationView } from '#web/features/admin/reconciliation/components/reconciliation-view';

/** /admin/reconciliation (admins): provider floats, payouts held, the daily reconciliation's mismatches and runs. */
export function AdminReconciliationRoute() {
  return (
    <>
      <PageHeader
        title="Reconciliation"
        description="What Wise recorded against what Paystack and the bill services say, each day; and the money left at each."
      />
      <ReconciliationView />
    </>
  );
}
