import { adminSaleStatusLabels, type AdminSaleListItem } from '@wise/shared/admin';
import { StatusBadge } from '../../../../components/admin/status-badge';

/** A sale's status as staff read it: an approved sale whose last payout failed says so. */
export function SaleStatus({ sale }: { sale: Pick<AdminSaleListItem, 'status' | 'payout_status'> }) {
  if (sale.status === 'approved' && sale.payout_status === 'failed') {
    return <StatusBadge status="payout_failed" label={adminSaleStatusLabels.payout_failed} />;
  }
  return <StatusBadge status={sale.status} label={adminSaleStatusLabels[sale.status]} />;
}
