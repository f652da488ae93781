import { RefreshCw } from 'lucide-react';
import { Button } from '#web/components/ui/button';
import { toastError, toastSuccess } from '#web/components/ui/toast';
import { adminErrorMessage } from '#web/lib/admin-api';
import { useRequeryBillOrder } from '../api/requery-bill-order';

const verdicts: Record<string, string> = {
  successful: 'The provider delivered it: the order is successful',
  failed: 'The provider refused it: the order failed and the gems were returned',
};
const STILL_PENDING = 'The provider does not know yet. It is asked again in the background';

/** Asks the provider now about an order stuck in `processing` (domain/bills/requery.ts). */
export function RequeryButton({ orderId }: { orderId: string }) {
  const requery = useRequeryBillOrder();
  return (
    <Button
      variant="secondary"
      className="admin-btn--small"
      busy={requery.isPending}
      busyLabel="Asking..."
      onClick={(event) => {
        event.stopPropagation();
        requery.mutate(orderId, {
          onSuccess: ({ outcome, order }) =>
            toastSuccess(outcome === 'pending' ? STILL_PENDING : (verdicts[order.status] ?? `The order is ${order.status}`)),
          onError: (error) => toastError(adminErrorMessage(error, "Couldn't re-query the order. Try again")),
        });
      }}
    >
      <RefreshCw size={14} aria-hidden="true" /> Re-query
    </Button>
  );
}
