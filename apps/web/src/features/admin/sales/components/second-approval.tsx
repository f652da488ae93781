import { useEffect, useState, type FormEvent } from 'react';
import { saleAmountReasonWords } from '@wise/shared';
import { saleApprovalReasonLabels, type AdminSaleDetail, type SaleApprovalRequest, type StaffMe } from '@wise/shared/admin';
import { ConfirmCodeDialog } from '#web/components/admin/confirm-code-dialog';
import { Facts } from '#web/components/admin/admin-layout';
import { FormTextArea } from '#web/components/admin/form-fields';
import { Button } from '#web/components/ui/button';
import { DateTime } from '#web/components/ui/date-time';
import { toastSuccess } from '#web/components/ui/toast';
import { adminErrorMessage } from '#web/lib/admin-api';
import { formatNaira } from '#web/lib/format';
import { useConfirmSecondApproval, useDeclineSecondApproval } from '../api/decide-sale';
import './sales.css';

/** Both amounts, the difference, the first reviewer's reason and note, who asked and when. */
export function ApprovalRequestFacts({ request }: { request: SaleApprovalRequest }) {
  const difference = request.amount_kobo - request.value_kobo;
  return (
    <Facts
      rows={[
        ['Quoted value', <span className="admin-money">{formatNaira(request.value_kobo)}</span>],
        [
          'Asked to pay',
          <span className="admin-money">
            {formatNaira(request.amount_kobo)}
            {difference !== 0 ? (
              <span className="admin-cell-sub">{`${difference > 0 ? '+' : '−'}${formatNaira(Math.abs(difference))} against the quote`}</span>
            ) : null}
          </span>,
        ],
        request.reason_code && ['Reason', saleApprovalReasonLabels[request.reason_code]],
        request.note && ['Note', request.note],
        request.reason_code && ['Customer reads', saleAmountReasonWords(request.reason_code, request.note)],
        ['Asked by', request.requested_by.name],
        ['Asked', <DateTime iso={request.created_at} />],
      ]}
    />
  );
}

/**
 * An approval waiting for a second approver. Another admin than the one who asked confirms it
 * with their own authenticator code (the payout starts) or declines it (back to review); anyone
 * else only reads it — the one who asked never sees a confirm button.
 */
export function SecondApprovalPanel({
  sale,
  request,
  staff,
  approveRef,
  onDecided,
}: {
  sale: Pick<AdminSaleDetail, 'id' | 'title' | 'bank'>;
  request: SaleApprovalRequest;
  staff: Pick<StaffMe, 'id' | 'role'>;
  /** Work mode's `a`: set to "open the confirmation" for an admin who may confirm, and to nothing for anyone else. */
  approveRef?: { current: (() => void) | null };
  /** After the confirmation went through (work mode opens the next sale). */
  onDecided?: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const [declining, setDeclining] = useState(false);
  const [note, setNote] = useState('');
  const [failure, setFailure] = useState<string>();
  const decline = useDeclineSecondApproval(sale.id);
  const mine = request.requested_by.id === staff.id;
  const canDecide = staff.role === 'admin' && !mine;

  useEffect(() => {
    if (!approveRef) return;
    approveRef.current = canDecide ? () => setConfirming(true) : null;
    return () => {
      approveRef.current = null;
    };
  }, [approveRef, canDecide]);

  const submitDecline = (event: FormEvent) => {
    event.preventDefault();
    setFailure(undefined);
    decline.mutate(note.trim() || undefined, {
      onSuccess: () => {
        setDeclining(false);
        toastSuccess('Declined. The sale is back in review');
      },
      onError: (error) => setFailure(adminErrorMessage(error, 'Could not decline. Try again')),
    });
  };

  return (
    <section aria-labelledby="second-approval-title" className="admin-form">
      <h3 id="second-approval-title" className="admin-subtitle">
        Waiting for a second approval
      </h3>
      <ApprovalRequestFacts request={request} />
      {canDecide ? (
        <>
          <div className="admin-actions-row">
            <Button type="button" onClick={() => setConfirming(true)}>
              Confirm and pay
            </Button>
            <Button type="button" variant="secondary" onClick={() => setDeclining((open) => !open)} aria-expanded={declining}>
              Decline
            </Button>
          </div>
          {declining ? (
            <form className="admin-form" onSubmit={submitDecline} noValidate aria-label="Decline the second approval">
              <FormTextArea
                label="Note (optional, for staff)"
                name="decline_note"
                value={note}
                onChange={(event) => setNote(event.target.value)}
                rows={2}
                error={failure}
              />
              <Button type="submit" variant="secondary" disabled={decline.isPending}>
                {decline.isPending ? 'Declining...' : 'Decline: back to review'}
              </Button>
            </form>
          ) : null}
        </>
      ) : (
        <p className="admin-muted">
          {mine
            ? 'You asked for this approval: another admin must confirm or decline it.'
            : `Only an admin other than ${request.requested_by.name} can confirm or decline it.`}
        </p>
      )}
      <ConfirmSecondApprovalDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        sale={sale}
        request={request}
        onConfirmed={onDecided}
      />
    </section>
  );
}

/** The confirmation with the admin's own code, over what is paid and to whom; the transfer starts once it goes through. */
function ConfirmSecondApprovalDialog({
  open,
  onClose,
  sale,
  request,
  onConfirmed,
}: {
  open: boolean;
  onClose: () => void;
  sale: Pick<AdminSaleDetail, 'id' | 'title' | 'bank'>;
  request: SaleApprovalRequest;
  onConfirmed?: () => void;
}) {
  const confirm = useConfirmSecondApproval(sale.id);
  return (
    <ConfirmCodeDialog
      open={open}
      onClose={onClose}
      title="Confirm the second approval"
      description="The transfer starts as soon as you confirm."
      confirmLabel={`Pay ${formatNaira(request.amount_kobo)}`}
      busyLabel="Confirming..."
      onConfirm={async (confirmation) => {
        await confirm.mutateAsync({ shown: { request_id: request.id, amount_kobo: request.amount_kobo }, confirmation });
        toastSuccess('Approved. The payout has started');
        onConfirmed?.();
      }}
    >
      <Facts
        rows={[
          ['Sale', sale.title],
          ['Pay', <span className="admin-money">{formatNaira(request.amount_kobo)}</span>],
          ['Quoted value', <span className="admin-money">{formatNaira(request.value_kobo)}</span>],
          ['To', `${sale.bank.account_name} · ${sale.bank.bank_name} ••${sale.bank.account_number.slice(-4)}`],
        ]}
      />
    </ConfirmCodeDialog>
  );
}
