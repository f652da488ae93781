import { reviewMessages, type AdminSaleDetail, type StaffMe } from '@wise/shared/admin';
import { Button } from '#web/components/ui/button';
import { CopyButton } from '#web/components/ui/copy-button';
import { toastError } from '#web/components/ui/toast';
import { adminErrorMessage } from '#web/lib/admin-api';
import { useRevealCardCode } from '../api/reveal-card-code';
import './sales.css';

/**
 * A gift card's code, shown only when asked ("Show code"), to the reviewer holding the sale or an
 * admin: each view is audited on the server, so browsing the queue reads no code.
 */
export function CardCode({ sale, staff }: { sale: Pick<AdminSaleDetail, 'id' | 'claim'>; staff: Pick<StaffMe, 'id' | 'role'> }) {
  const reveal = useRevealCardCode(sale.id);
  const allowed = staff.role === 'admin' || sale.claim?.staff.id === staff.id;
  const code = reveal.data?.card_code;
  if (code) {
    return (
      <span className="admin-inline">
        <span className="admin-mono">{code}</span>
        <CopyButton text={code} ariaLabel="Copy card code" />
      </span>
    );
  }
  const show = () =>
    reveal.mutate(undefined, { onError: (error) => toastError(adminErrorMessage(error, 'Could not show the code. Try again')) });
  return (
    <span className="admin-inline">
      <Button
        variant="secondary"
        className="admin-btn--small"
        disabled={!allowed}
        onClick={show}
        busy={reveal.isPending}
        busyLabel="Showing..."
      >
        Show code
      </Button>
      {allowed ? null : <span className="admin-muted">{reviewMessages.cardCodeNotHeld}</span>}
    </span>
  );
}
