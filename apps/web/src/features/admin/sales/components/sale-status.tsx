import { adminSaleStatusLabels, payoutStatusLabels, type AdminSaleListItem } from '@wise/shared/admin';
import { StatusBadge } from '#web/components/admin/status-badge';

/**
 * A sale's status as staff read it: an approved sale whose last payout failed (or was reversed by
 * the bank) says so; one held because the provider reported other figures says that.
 */
export function SaleStatus({ sale }: { sale: Pick<AdminSaleListItem, 'status' | 'payout_status'> }) {
  if (sale.status === 'approved' && (sale.payout_status === 'failed' || sale.payout_status === 'reversed')) {
    return (
      <StatusBadge
        status="payout_failed"
        label={sale.payout_status === 'reversed' ? payoutStatusLabels.reversed : adminSaleStatusLabels.payout_failed}
      />
    );
  }
  if (sale.status === 'approved' && sale.payout_status === 'needs_review') {
    return <StatusBadge status="needs_review" label={payoutStatusLabels.needs_review} />;
  }
  return <StatusBadge status={sale.status} label={adminSaleStatusLabels[sale.status]} />;
}
