import { useState } from 'react';
import type { StaffRequest } from '@wise/shared/admin';
import { ConfirmCodeDialog } from '#web/components/admin/confirm-code-dialog';
import { Button } from '#web/components/ui/button';
import { toastError, toastSuccess } from '#web/components/ui/toast';
import { adminErrorMessage } from '#web/lib/admin-api';
import { useConfirmStaffRequest, useDeclineStaffRequest, useStaffRequests } from '../api/requests';

/**
 * What waits for a second admin (docs/separation-of-duties.md): another admin confirms with the value
 * shown here and their own code or passkey; the one who asked may withdraw it.
 */
export function PendingRequests({ meId }: { meId: string }) {
  const requests = useStaffRequests();
  const confirm = useConfirmStaffRequest();
  const decline = useDeclineStaffRequest();
  const [confirming, setConfirming] = useState<StaffRequest | null>(null);
  const items = requests.data ?? [];
  if (items.length === 0) return null;

  const withdrawOrDecline = (request: StaffRequest) =>
    decline.mutate(request.id, {
      onSuccess: () => toastSuccess(request.requested_by.id === meId ? 'Request withdrawn' : 'Request declined'),
      onError: (error) => toastError(adminErrorMessage(error, 'Could not decline the request. Try again')),
    });

  return (
    <section className="staff-requests" aria-labelledby="staff-requests-title">
      <h2 id="staff-requests-title">Waiting for a second admin</h2>
      <ul>
        {items.map((request) => {
          const mine = request.requested_by.id === meId;
          return (
            <li key={request.id} className="staff-requests__item">
              <span>
                <strong>{request.summary}</strong>
                <span className="admin-cell-sub">
                  Asked by {request.requested_by.name} on {new Date(request.created_at).toLocaleString('en-NG')}
                </span>
              </span>
              {mine ? null : (
                <Button className="admin-btn--small" onClick={() => setConfirming(request)}>
                  Confirm
                </Button>
              )}
              <Button variant="secondary" className="admin-btn--small" onClick={() => withdrawOrDecline(request)}>
                {mine ? 'Withdraw' : 'Decline'}
              </Button>
            </li>
          );
        })}
      </ul>
      <ConfirmCodeDialog
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        title="Confirm the request"
        description={confirming?.summary}
        confirmLabel="Confirm"
        onConfirm={async (confirmation) => {
          if (!confirming) return;
          await confirm.mutateAsync({ id: confirming.id, value: confirming.value, confirmation });
          toastSuccess('Confirmed');
        }}
      />
    </section>
  );
}
