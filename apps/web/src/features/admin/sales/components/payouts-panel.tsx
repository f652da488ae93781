import { useState, type FormEvent } from 'react';
import {
  manualPayoutBodySchema,
  payoutStatusLabels,
  resolvePayoutBodySchema,
  type AdminSaleDetail,
  type PayoutResolution,
} from '@wise/shared/admin';
import { Facts, Panel } from '#web/components/admin/admin-layout';
import { ConfirmCodeDialog } from '#web/components/admin/confirm-code-dialog';
import { Dialog, DialogActions } from '#web/components/admin/dialog';
import { FormField, FormTextArea } from '#web/components/admin/form-fields';
import { StatusBadge } from '#web/components/admin/status-badge';
import { Button } from '#web/components/ui/button';
import { DateTime } from '#web/components/ui/date-time';
import { toastSuccess } from '#web/components/ui/toast';
import { formatNaira } from '#web/lib/format';
import { useManualPayout, useResolvePayout, useRetryPayout } from '../api/decide-sale';
import './sales.css';

type Sale = Pick<AdminSaleDetail, 'id' | 'status' | 'payout_status' | 'payouts' | 'bank' | 'decision'>;

const manualFieldsSchema = manualPayoutBodySchema.omit({ confirm_code: true });
type ManualFields = { reference: string; note: string };
const resolveFieldsSchema = resolvePayoutBodySchema.omit({ confirm_code: true });
type ResolveFields = { resolution: PayoutResolution; note: string };
const resolutionLabels: Record<PayoutResolution, string> = {
  paid: 'Paid — the customer received the approved amount',
  not_paid: 'Not paid — the attempt failed',
};

type Payout = Sale['payouts'][number];

/**
 * The payout attempts of an approved sale. When the last one failed (or the bank reversed it):
 * retry (any reviewer), or an admin records a payment made by other means with its reference and
 * a note. When it is held (the provider reported another amount or currency), an admin resolves it.
 * Each attempt shows the account it pays, marked when the customer changed their bank details.
 */
export function PayoutsPanel({ sale, isAdmin, className }: { sale: Sale; isAdmin: boolean; className?: string }) {
  const [retrying, setRetrying] = useState(false);
  const [manualOpen, setManualOpen] = useState(false);
  const [resolveOpen, setResolveOpen] = useState(false);
  const failed = sale.status === 'approved' && (sale.payout_status === 'failed' || sale.payout_status === 'reversed');
  const held = sale.status === 'approved' && sale.payout_status === 'needs_review';
  const latest = sale.payouts.reduce<Payout | undefined>((last, p) => (!last || p.attempt > last.attempt ? p : last), undefined);
  const ordered = [...sale.payouts].sort((a, b) => b.attempt - a.attempt);

  if (sale.payouts.length === 0 && sale.status !== 'approved') return null;
  return (
    <Panel title="Payout" className={className}>
      {failed ? (
        <div className="admin-alert" role="alert" style={{ marginBottom: 'var(--sp-4)', flexDirection: 'column' }}>
          <strong>{sale.payout_status === 'reversed' ? 'Payout reversed by the bank — the sale is reopened' : 'Payout failed'}</strong>
          <span>{latest?.failure_reason ?? 'The bank transfer did not go through.'}</span>
          <span>The customer sees the failure and can change their bank details, which sends the payout again.</span>
        </div>
      ) : null}
      {held && latest ? (
        <div
          className="admin-alert"
          role="alert"
          style={{ marginBottom: 'var(--sp-4)', flexDirection: 'column' }}
          data-testid="payout-held"
        >
          <strong>{payoutStatusLabels.needs_review}</strong>
          <span>
            The provider reported {latest.reported_amount_kobo != null ? formatNaira(latest.reported_amount_kobo) : 'no amount'}
            {latest.reported_currency ? ` in ${latest.reported_currency}` : ''}; the approved payout is {formatNaira(latest.amount_kobo)} in
            NGN. The sale is not paid until an admin checks with the provider and resolves it.
          </span>
        </div>
      ) : null}
      {ordered.length === 0 ? <p className="admin-muted">The transfer is being prepared.</p> : null}
      <ol className="admin-payouts">
        {ordered.map((payout) => (
          <PayoutAttempt key={payout.id} payout={payout} />
        ))}
      </ol>
      {held && isAdmin ? (
        <div className="admin-actions-row">
          <Button onClick={() => setResolveOpen(true)}>Resolve held payout</Button>
        </div>
      ) : null}
      {held && !isAdmin ? <p className="admin-muted">An admin resolves a held payout.</p> : null}
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
      {/* The dialogs stay mounted while the panel shows: each one's confirmation outlives the step before it. */}
      <RetryPayoutDialog sale={sale} latest={latest} open={retrying} onClose={() => setRetrying(false)} />
      <ResolveHeldPayout saleId={sale.id} open={resolveOpen} onClose={() => setResolveOpen(false)} />
      <RecordManualPayout saleId={sale.id} open={manualOpen} onClose={() => setManualOpen(false)} />
    </Panel>
  );
}

function PayoutAttempt({ payout }: { payout: Payout }) {
  return (
    <li className="admin-payout">
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
          payout.account && [
            'Paid to',
            <span>
              {payout.account.bank_name ?? payout.account.bank_code} ••{payout.account.account_number.slice(-4)} ·{' '}
              {payout.account.account_name}
              {payout.account_changed ? <strong> (new account: the customer changed their bank details)</strong> : null}
            </span>,
          ],
          payout.started_by === 'customer' && ['Started by', 'The customer (bank details changed after a failed payout)'],
          payout.review_reason && ['Held because', payout.review_reason],
          payout.reported_amount_kobo != null && [
            'Provider reported',
            <span className="admin-money">
              {formatNaira(payout.reported_amount_kobo)}
              {payout.reported_currency ? ` (${payout.reported_currency})` : ''}
            </span>,
          ],
          payout.resolution_note && ['Resolution', payout.resolution_note],
          payout.reversed_at && ['Reversed', <DateTime iso={payout.reversed_at} />],
          payout.provider_reference && ['Provider reference', <span className="admin-mono">{payout.provider_reference}</span>],
          payout.failure_reason && ['Failure', payout.failure_reason],
          payout.note && ['Note', payout.note],
          ['Started', <DateTime iso={payout.created_at} />],
          payout.settled_at && ['Settled', <DateTime iso={payout.settled_at} />],
        ]}
      />
    </li>
  );
}

interface FlowProps {
  open: boolean;
  onClose: () => void;
}

function RetryPayoutDialog({ sale, latest, open, onClose }: FlowProps & { sale: Sale; latest: Payout | undefined }) {
  const retry = useRetryPayout(sale.id);
  // A retry pays the account the customer changed to (when they did), else the sale's own.
  const retryAccount =
    latest?.account_changed && latest.account
      ? { bank_name: latest.account.bank_name ?? latest.account.bank_code, account_number: latest.account.account_number }
      : sale.bank;
  return (
    <ConfirmCodeDialog
      open={open}
      onClose={onClose}
      title="Retry the payout"
      description={`A new transfer of ${latest ? formatNaira(latest.amount_kobo) : 'the approved amount'} to ${retryAccount.bank_name} ••${retryAccount.account_number.slice(-4)}.`}
      confirmLabel="Retry payout"
      busyLabel="Retrying..."
      onConfirm={async (confirmation) => {
        await retry.mutateAsync(confirmation);
        toastSuccess('Payout sent again');
      }}
    />
  );
}

/** What happened to a held payout, then the code; the choice is kept here while the code is asked for. */
function ResolveHeldPayout({ saleId, open, onClose }: FlowProps & { saleId: string }) {
  const [resolution, setResolution] = useState<ResolveFields | null>(null);
  const resolve = useResolvePayout(saleId);
  return (
    <>
      <ResolvePayoutDialog
        open={open}
        onClose={onClose}
        onReady={(fields) => {
          onClose();
          setResolution(fields);
        }}
      />
      <ConfirmCodeDialog
        open={resolution !== null}
        onClose={() => setResolution(null)}
        title="Resolve the held payout"
        description={
          resolution?.resolution === 'paid'
            ? 'The sale becomes paid. Only do this when the approved amount has really reached the customer.'
            : 'The attempt is recorded as failed; the customer is told and a retry can follow.'
        }
        confirmLabel="Resolve"
        busyLabel="Saving..."
        onConfirm={async (confirmation) => {
          if (!resolution) return;
          await resolve.mutateAsync({ ...resolution, ...confirmation });
          toastSuccess('Payout resolved');
        }}
      >
        {resolution ? (
          <Facts
            rows={[
              ['What happened', resolutionLabels[resolution.resolution]],
              ['Note', resolution.note],
            ]}
          />
        ) : null}
      </ConfirmCodeDialog>
    </>
  );
}

/** A payment made by other means, with its reference and a note, then the code. */
function RecordManualPayout({ saleId, open, onClose }: FlowProps & { saleId: string }) {
  const [manual, setManual] = useState<ManualFields | null>(null);
  const record = useManualPayout(saleId);
  return (
    <>
      <ManualPayoutDialog
        open={open}
        onClose={onClose}
        onReady={(fields) => {
          onClose();
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
        onConfirm={async (confirmation) => {
          if (!manual) return;
          await record.mutateAsync({ ...manual, ...confirmation });
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
    </>
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
    <Dialog
      open={open}
      onClose={onClose}
      title="Mark paid by hand"
      description="For a payment made outside the transfer provider (e.g. from the bank's own app)."
    >
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

function ResolvePayoutDialog({ open, onClose, onReady }: { open: boolean; onClose: () => void; onReady: (fields: ResolveFields) => void }) {
  const [values, setValues] = useState<{ resolution: PayoutResolution | ''; note: string }>({ resolution: '', note: '' });
  const [errors, setErrors] = useState<{ resolution?: string; note?: string }>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = resolveFieldsSchema.safeParse(values);
    if (!parsed.success) {
      const next: { resolution?: string; note?: string } = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (field === 'resolution' || field === 'note') next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    onReady(parsed.data);
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Resolve held payout"
      description="Check the transfer in the provider's dashboard (and the bank statement), then record what happened."
    >
      <form className="admin-form" onSubmit={submit} noValidate>
        <fieldset className="admin-fieldset">
          <legend className="field__label">What happened</legend>
          {(['paid', 'not_paid'] as const).map((choice) => (
            <label key={choice} className="admin-reason">
              <input
                type="radio"
                name="resolution"
                value={choice}
                checked={values.resolution === choice}
                onChange={() => {
                  setValues((v) => ({ ...v, resolution: choice }));
                  setErrors((e) => ({ ...e, resolution: undefined }));
                }}
              />
              <span>{resolutionLabels[choice]}</span>
            </label>
          ))}
          {errors.resolution ? (
            <p className="field__error" role="alert">
              {errors.resolution}
            </p>
          ) : null}
        </fieldset>
        <FormTextArea
          label="Note"
          name="note"
          value={values.note}
          onChange={(event) => {
            setValues((v) => ({ ...v, note: event.target.value }));
            setErrors((e) => ({ ...e, note: undefined }));
          }}
          error={errors.note}
          hint="What you checked"
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
