import { useState, type FormEvent } from 'react';
import { saleRejectionLabels, type AdminSaleDetail, type RejectSaleBody } from '@wise/shared/admin';
import { rejectionCodesFor, saleRejectionReasons } from '@wise/shared';
import { Dialog, DialogActions } from '#web/components/admin/dialog';
import { FormField, FormTextArea } from '#web/components/admin/form-fields';
import { Button } from '#web/components/ui/button';
import { toastSuccess } from '#web/components/ui/toast';
import { adminErrorMessage } from '#web/lib/admin-api';
import { useRejectSale } from '../api/decide-sale';
import { checkReject, type RejectFormValues } from '../decision-values';
import './sales.css';

/** What the customer will read for a reason (the words of "other" are the reviewer's). */
function customerWords(body: RejectSaleBody): string {
  return body.reason === 'other' ? (body.other_reason ?? '') : saleRejectionReasons[body.reason];
}

/** Reject: a reason from the list (other with its words) and an optional message to the customer. */
export function RejectForm({
  sale,
  disabled,
  onDecided,
}: {
  sale: Pick<AdminSaleDetail, 'id' | 'title' | 'kind'>;
  disabled?: boolean;
  onDecided?: () => void;
}) {
  // A coin and a card fail for different reasons: each kind offers its own list (the server refuses the other's).
  const codes = rejectionCodesFor(sale.kind);
  const [values, setValues] = useState<RejectFormValues>({ reason: '', other_reason: '', message: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof RejectFormValues, string>>>({});
  const [ready, setReady] = useState<RejectSaleBody | null>(null);
  const [failure, setFailure] = useState<string>();
  const reject = useRejectSale(sale.id);

  const edit = <K extends keyof RejectFormValues>(field: K, value: RejectFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const check = checkReject(values);
    if (!check.ok) {
      setErrors(check.errors);
      return;
    }
    setFailure(undefined);
    setReady(check.body);
  };

  const confirm = () => {
    if (!ready) return;
    reject.mutate(ready, {
      onSuccess: () => {
        setReady(null);
        toastSuccess('Rejected. The customer has been told why');
        onDecided?.();
      },
      onError: (error) => setFailure(adminErrorMessage(error, 'Could not reject the sale. Try again')),
    });
  };

  return (
    <>
      <form className="admin-form" onSubmit={submit} noValidate aria-label="Reject">
        <ReasonChoice
          codes={codes}
          value={values.reason}
          error={errors.reason}
          disabled={disabled}
          onChange={(code) => edit('reason', code)}
        />
        {values.reason === 'other' ? (
          <FormField
            label="Reason the customer reads"
            name="other_reason"
            value={values.other_reason}
            onChange={(event) => edit('other_reason', event.target.value)}
            error={errors.other_reason}
            disabled={disabled}
          />
        ) : null}
        <FormTextArea
          label="Message to the customer (optional)"
          name="message"
          value={values.message}
          onChange={(event) => edit('message', event.target.value)}
          error={errors.message}
          rows={2}
          disabled={disabled}
        />
        <Button type="submit" variant="secondary" className="admin-btn--danger-outline" disabled={disabled}>
          Reject sale
        </Button>
      </form>
      <Dialog
        open={ready !== null}
        onClose={() => setReady(null)}
        title="Reject this sale?"
        description={`${sale.title}. The customer is told at once, by notification and e-mail.`}
        busy={reject.isPending}
      >
        {ready ? <CustomerReads body={ready} /> : null}
        {failure ? (
          <p className="admin-alert" role="alert">
            {failure}
          </p>
        ) : null}
        <DialogActions>
          <Button variant="secondary" onClick={() => setReady(null)} disabled={reject.isPending}>
            Cancel
          </Button>
          <Button className="admin-btn--danger" onClick={confirm} busy={reject.isPending} busyLabel="Rejecting...">
            Reject sale
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

type RejectionCode = ReturnType<typeof rejectionCodesFor>[number];

/** The kind's reasons as radio buttons, each with the words the customer will read. */
function ReasonChoice({
  codes,
  value,
  error,
  disabled,
  onChange,
}: {
  codes: readonly RejectionCode[];
  value: RejectFormValues['reason'];
  error?: string;
  disabled?: boolean;
  onChange: (code: RejectionCode) => void;
}) {
  return (
    <fieldset className="admin-fieldset" disabled={disabled} aria-describedby={error ? 'reject-reason-error' : undefined}>
      <legend className="field__label">Reason</legend>
      {codes.map((code) => (
        <label key={code} className="admin-reason">
          <input type="radio" name="reason" value={code} checked={value === code} onChange={() => onChange(code)} />
          <span>
            {saleRejectionLabels[code]}
            {code !== 'other' ? <span className="admin-cell-sub">{saleRejectionReasons[code]}</span> : null}
          </span>
        </label>
      ))}
      {error ? (
        <p id="reject-reason-error" className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** The rejection as the customer will read it, in the confirmation. */
function CustomerReads({ body }: { body: RejectSaleBody }) {
  return (
    <div className="admin-quote">
      <span className="admin-muted">The customer reads</span>
      <p>{customerWords(body)}</p>
      {body.message ? <p className="admin-muted">“{body.message}”</p> : null}
    </div>
  );
}
