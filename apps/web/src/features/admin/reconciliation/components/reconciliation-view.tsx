import { useState, type FormEvent } from 'react';
import { formatKobo } from '@wise/shared';
import {
  mismatchAdvice,
  mismatchKindLabels,
  payoutHoldLabels,
  providerKindLabels,
  type ReconciliationMismatch,
  type ReconciliationOverview,
  type ReconciliationProviderKind,
} from '@wise/shared/admin';
import { Facts, Panel } from '#web/components/admin/admin-layout';
import { ConfirmCodeDialog } from '#web/components/admin/confirm-code-dialog';
import { FormField, FormSelect } from '#web/components/admin/form-fields';
import '#web/components/admin/data-table.css';
import { Button } from '#web/components/ui/button';
import { DateTime } from '#web/components/ui/date-time';
import { toastSuccess } from '#web/components/ui/toast';
import { useReconciliation, useResolveMismatch, useRunReconciliation } from '../api/reconciliation';

const json = (value: Record<string, unknown> | null) => (value ? JSON.stringify(value, null, 1) : '—');

/** The Reconciliation page's body: floats and held payouts, open mismatches (resolve), runs (run a day). */
export function ReconciliationView() {
  const overview = useReconciliation();

  if (overview.isPending) return <p role="status">Loading…</p>;
  if (overview.isError) return <p role="alert">Could not load the reconciliation. Try again.</p>;
  const data = overview.data;

  return (
    <>
      <FloatsPanel floats={data.floats} />
      <HeldPayoutsPanel payouts={data.held_payouts} />
      <MismatchesPanel mismatches={data.open_mismatches} />
      <RunsPanel runs={data.runs} />
    </>
  );
}

function FloatsPanel({ floats }: { floats: ReconciliationOverview['floats'] }) {
  return (
    <Panel title="Floats">
      <Facts
        rows={floats.map((float) => [
          providerKindLabels[float.provider_kind],
          <span>
            {float.available_kobo === null ? `Unknown${float.error ? ` (${float.error})` : ''}` : formatKobo(float.available_kobo)}
            {' · alert below '}
            {formatKobo(float.alert_below_kobo)}
            {float.checked_at ? (
              <>
                {' · read '}
                <DateTime iso={float.checked_at} />
              </>
            ) : null}
          </span>,
        ])}
      />
    </Panel>
  );
}

function HeldPayoutsPanel({ payouts }: { payouts: ReconciliationOverview['held_payouts'] }) {
  return (
    <Panel title={`Payouts held (${payouts.length})`}>
      {payouts.length === 0 ? (
        <p>No payout is waiting for funds or an OTP.</p>
      ) : (
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">Reference</th>
              <th scope="col">Amount</th>
              <th scope="col">Held</th>
              <th scope="col">Since</th>
            </tr>
          </thead>
          <tbody>
            {payouts.map((payout) => (
              <tr key={payout.id}>
                <td className="admin-mono">{payout.reference}</td>
                <td>{formatKobo(payout.amount_kobo)}</td>
                <td>{payoutHoldLabels[payout.hold]}</td>
                <td>
                  <DateTime iso={payout.held_at} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Panel>
  );
}

/** The open mismatches, each with its advice and a Resolve that takes a note and the code. */
function MismatchesPanel({ mismatches }: { mismatches: ReconciliationMismatch[] }) {
  const [resolving, setResolving] = useState<ReconciliationMismatch | null>(null);
  const [note, setNote] = useState('');
  const [noteError, setNoteError] = useState<string>();
  const resolve = useResolveMismatch();

  return (
    <>
      <Panel title={`Open mismatches (${mismatches.length})`}>
        {mismatches.length === 0 ? (
          <p>Wise and the providers agree on every day compared.</p>
        ) : (
          <ul className="admin-list">
            {mismatches.map((mismatch) => (
              <li key={mismatch.id}>
                <h3>
                  {providerKindLabels[mismatch.provider_kind]} · {mismatchKindLabels[mismatch.kind]} ·{' '}
                  <span className="admin-mono">{mismatch.reference}</span>
                </h3>
                <p>{mismatchAdvice[mismatch.provider_kind][mismatch.kind]}</p>
                <Facts
                  rows={[
                    ['Found', <DateTime iso={mismatch.detected_at} />],
                    ['Wise', <pre className="admin-mono">{json(mismatch.ours)}</pre>],
                    ['Provider', <pre className="admin-mono">{json(mismatch.theirs)}</pre>],
                  ]}
                />
                <Button
                  type="button"
                  onClick={() => {
                    setResolving(mismatch);
                    setNote('');
                    setNoteError(undefined);
                  }}
                >
                  Resolve
                </Button>
              </li>
            ))}
          </ul>
        )}
      </Panel>

      <ConfirmCodeDialog
        open={resolving !== null}
        onClose={() => setResolving(null)}
        title="Resolve the mismatch"
        description="Say what you checked and what you did about the money. This is recorded in the audit log and cannot be undone."
        confirmLabel="Resolve"
        busyLabel="Resolving..."
        onConfirm={async (confirmation) => {
          if (!resolving) return;
          if (!note.trim()) {
            setNoteError('Write what you checked and did');
            throw new Error('Write what you checked and did');
          }
          await resolve.mutateAsync({ id: resolving.id, body: { note: note.trim(), ...confirmation } });
          setResolving(null);
          toastSuccess('Mismatch resolved');
        }}
      >
        <FormField
          label="Note"
          name="resolution_note"
          value={note}
          error={noteError}
          onChange={(event) => setNote(event.target.value)}
          maxLength={1000}
        />
      </ConfirmCodeDialog>
    </>
  );
}

/** The runs so far, and a form to reconcile one provider's day (confirmed with the code). */
function RunsPanel({ runs }: { runs: ReconciliationOverview['runs'] }) {
  const [runKind, setRunKind] = useState<ReconciliationProviderKind>('payouts');
  const [runDay, setRunDay] = useState('');
  const [runReady, setRunReady] = useState(false);
  const run = useRunReconciliation();

  const submitRun = (event: FormEvent) => {
    event.preventDefault();
    if (/^\d{4}-\d{2}-\d{2}$/.test(runDay)) setRunReady(true);
  };

  return (
    <>
      <Panel title="Runs">
        <form className="admin-form" onSubmit={submitRun} noValidate aria-label="Reconcile a day">
          <FormSelect
            label="Provider"
            name="provider_kind"
            value={runKind}
            onChange={(event) => setRunKind(event.target.value === 'bills' ? 'bills' : 'payouts')}
            options={[
              { value: 'payouts', label: providerKindLabels.payouts },
              { value: 'bills', label: providerKindLabels.bills },
            ]}
          />
          <FormField
            label="Day"
            name="business_date"
            type="date"
            value={runDay}
            onChange={(event) => setRunDay(event.target.value)}
            hint="A day that is over (business time)."
          />
          <Button type="submit">Reconcile this day</Button>
        </form>
        <RunsTable runs={runs} />
      </Panel>

      <ConfirmCodeDialog
        open={runReady}
        onClose={() => setRunReady(false)}
        title="Reconcile a day"
        description={`${providerKindLabels[runKind]} on ${runDay}: compared now with the provider's records.`}
        confirmLabel="Reconcile"
        busyLabel="Reconciling..."
        onConfirm={async (confirmation) => {
          const answer = await run.mutateAsync({ provider_kind: runKind, business_date: runDay, ...confirmation });
          setRunReady(false);
          toastSuccess(
            answer.run.outcome === 'completed'
              ? `Done: ${answer.run.mismatch_count ?? 0} mismatch(es)`
              : `The run failed: ${answer.run.error ?? ''}`,
          );
        }}
      />
    </>
  );
}

function RunsTable({ runs }: { runs: ReconciliationOverview['runs'] }) {
  return (
    <table className="admin-table">
      <thead>
        <tr>
          <th scope="col">Day</th>
          <th scope="col">Provider</th>
          <th scope="col">Started</th>
          <th scope="col">Outcome</th>
          <th scope="col">Compared (ours / theirs)</th>
          <th scope="col">Unchecked</th>
          <th scope="col">Mismatches</th>
        </tr>
      </thead>
      <tbody>
        {runs.map((entry) => (
          <tr key={entry.id}>
            <td>{entry.business_date}</td>
            <td>{providerKindLabels[entry.provider_kind]}</td>
            <td>
              <DateTime iso={entry.started_at} /> {entry.trigger === 'staff' ? '(staff)' : ''}
            </td>
            <td>{entry.outcome === 'failed' ? `Failed: ${entry.error ?? ''}` : (entry.outcome ?? 'Running')}</td>
            <td>
              {entry.ours_count ?? '—'} / {entry.theirs_count ?? '—'}
            </td>
            <td>{entry.unchecked_count ?? '—'}</td>
            <td>{entry.mismatch_count ?? '—'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
