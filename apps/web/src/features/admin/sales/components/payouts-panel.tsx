import { useState, type FormEvent } from 'react';
import { manualPayoutBodySchema, payoutStatusLabels, type AdminSaleDetail } from '@wise/shared/admin';
import { Facts, Panel } from '../../../../components/admin/admin-layout';
import { ConfirmCodeDialog } from '../../../../components/admin/confirm-code-dialog';
import { Dialog, DialogActions } from '../../../../components/admin/dialog';
import { FormField, FormTextArea } from '../../../../components/admin/form-fields';
import { StatusBadge } from '../../../../components/admin/status-badge';
import { Button } from '../../../../components/ui/button';
import { DateTime } from '../../../../components/ui/date-time';
import { toastSuccess } from '../../../../components/ui/toast';
import { formatNaira } from '../../../../lib/format';
import { useManualPayout, useRetryPayout } from '../api/decide-sale';

type Sale = Pick<AdminSaleDetail, 'id' | 'status' | 'payout_status' | 'payouts' | 'bank' | 'decision'>;

const manualFieldsSchema = manualPayoutBodySchema.omit({ confirm_code: true });
type ManualFields = { reference: string; note: string };

/**
 * The payout attempts of an approved sale. When the last one failed: retry (any reviewer), or
 * an admin records a payment made by other means with its reference and a note.
 */
export function PayoutsPanel({ sale, isAdmin, className }: { sale: Sale; isAdmin: boolean; className?: string }) {
  const [retrying, setRetrying] = useState(false);
  const [manualOpen, setManualOpen] = useState(false);
  const [manual, setManual] = useState<ManualFields | null>(null);
  const retry = useRetryPayout(sale.id);
  const record = useManualPayout(sale.id);
  const failed = sale.status === 'approved' && sale.payout_status === 'failed';
  const latest = sale.payouts.reduce<Sale['payouts'][number] | undefined>((last, p) => (!last || p.attempt > last.attempt ? p : last), undefined);
  const ordered = [...sale.payouts].sort((a, b) => b.attempt - a.attempt);

  if (sale.payouts.length === 0 && sale.status !== 'approved') return null;
  return (
    <Panel title="Payout" className={className}>
      {failed ? (
        <div className="admin-alert" role="alert" style={{ marginBottom: 'var(--sp-4)', flexDirection: 'column' }}>
          <strong>Payout failed</strong>
          <span>{latest?.failure_reason ?? 'The bank transfer did not go through.'}</span>
        </div>
      ) : null}
      {ordered.length === 0 ? <p className="admin-muted">The transfer is being prepared.</p> : null}
      <ol className="admin-payouts">
        {ordered.map((payout) => (
          <li key={payout.id} className="admin-payout">
            <div className="admin-payout__head">
              <span className="admin-cell-title">
                Attempt {payout.attempt} · {payout.method === 'manual' ? 'Recorded by hand' : 'Bank transfer'}
              </span>
              <StatusBadge status={payout.status} label={payoutStatusLabels[payout.status]} />
            </div>
            <Facts
              rows={[
                ['Amount', <span className="admin-money">{formatNaira(payout.amount_kobo)}</span>],
                ['Our reference', <span className="admin-mono">{payout.reference}</span>],
                payout.provider_reference && ['Provider reference', <span className="admin-mono">{payout.provider_reference}</span>],
                payout.failure_reason && ['Failure', payout.failure_reason],
                payout.note && ['Note', payout.note],
                ['Started', <DateTime iso={payout.created_at} />],
                payout.settled_at && ['Settled', <DateTime iso={payout.settled_at} />],
              ]}
            />
          </li>
        ))}
      </ol>
      {failed ? (
        <div className="admin-actions-row">
          <Button onClick={() => setRetrying(true)}>Retry payout</Button>
          {isAdmin ? (
            <Button variant="secondary" onClick={() => setManualOpen(true)}>
              Mark paid by hand
            </Button>
          ) : null}
        </div>
      ) : null}
      <ConfirmCodeDialog
        open={retrying}
        onClose={() => setRetrying(false)}
        title="Retry the payout"
        description={`A new transfer of ${latest ? formatNaira(latest.amount_kobo) : 'the approved amount'} to ${sale.bank.bank_name} ••${sale.bank.account_number.slice(-4)}.`}
        confirmLabel="Retry payout"
        busyLabel="Retrying..."
        onConfirm={async (code) => {
          await retry.mutateAsync(code);
          toastSuccess('Payout sent again');
        }}
      />
      <ManualPayoutDialog
        open={manualOpen}
        onClose={() => setManualOpen(false)}
        onReady={(fields) => {
          setManualOpen(false);
          setManual(fields);
        }}
      />
      <ConfirmCodeDialog
        open={manual !== null}
        onClose={() => setManual(null)}
        title="Record a manual payment"
        description="The sale becomes paid with this reference. Only do this when the money has really reached the customer."
        confirmLabel="Mark as paid"
        busyLabel="Saving..."
        onConfirm={async (code) => {
          if (!manual) return;
          await record.mutateAsync({ ...manual, confirm_code: code });
          toastSuccess('Recorded as paid');
        }}
      >
        {manual ? (
          <Facts
            rows={[
              ['Reference', manual.reference],
              ['Note', manual.note],
            ]}
          />
        ) : null}
      </ConfirmCodeDialog>
    </Panel>
  );
}

function ManualPayoutDialog({ open, onClose, onReady }: { open: boolean; onClose: () => void; onReady: (fields: ManualFields) => void }) {
  const [values, setValues] = useState<ManualFields>({ reference: '', note: '' });
  const [errors, setErrors] = useState<Partial<ManualFields>>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = manualFieldsSchema.safeParse(values);
    if (!parsed.success) {
      const next: Partial<ManualFields> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (field === 'reference' || field === 'note') next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    onReady(parsed.data);
  };
  return (
    <Dialog open={open} onClose={onClose} title="Mark paid by hand" description="For a payment made outside the transfer provider (e.g. from the bank's own app).">
      <form className="admin-form" onSubmit={submit} noValidate>
        <FormField
          label="Payment reference"
          name="reference"
          value={values.reference}
          onChange={(event) => {
            setValues((v) => ({ ...v, reference: event.target.value }));
            setErrors((e) => ({ ...e, reference: undefined }));
          }}
          error={errors.reference}
        />
        <FormTextArea
          label="Note"
          name="note"
          value={values.note}
          onChange={(event) => {
            setValues((v) => ({ ...v, note: event.target.value }));
            setErrors((e) => ({ ...e, note: undefined }));
          }}
          error={errors.note}
          hint="How and when the customer was paid"
        />
        <DialogActions>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit">Continue</Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
