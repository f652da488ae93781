import { useEffect, useState, type FormEvent } from 'react';
import { SALE_APPROVAL_REASON_CODES, saleAmountReasonWords } from '@wise/shared';
import { saleApprovalReasonLabels, type AdminSaleDetail } from '@wise/shared/admin';
import { ConfirmCodeDialog } from '#web/components/admin/confirm-code-dialog';
import { Facts } from '#web/components/admin/admin-layout';
import { FormField, FormSelect, FormTextArea } from '#web/components/admin/form-fields';
import { Button } from '#web/components/ui/button';
import { toastSuccess } from '#web/components/ui/toast';
import { formatNaira } from '#web/lib/format';
import { useApproveSale } from '../api/decide-sale';
import { checkApprove, koboToNairaInput, nairaToKobo, type ApproveCheck, type ApproveFormValues } from '../decision-values';

type Ready = Extract<ApproveCheck, { ok: true }>;

const reasonOptions = [
  { value: '', label: 'Choose a reason' },
  ...SALE_APPROVAL_REASON_CODES.map((code) => ({
    value: code,
    label: code === 'other' ? `${saleApprovalReasonLabels.other} (the customer reads your note)` : saleApprovalReasonLabels[code],
  })),
];

/**
 * Approve: the naira amount starts at the quote. A lower amount needs a reason from the list (a
 * note for "other", which the customer reads); more than the quote, or more than the
 * single-approval limit, is not paid yet: it goes to a second approver (an admin), as the form says.
 * The authenticator code is asked last, in a dialog that repeats what will be paid and to whom.
 */
export function ApproveForm({
  sale,
  disabled,
  approveRef,
  onDecided,
}: {
  sale: Pick<AdminSaleDetail, 'id' | 'value_kobo' | 'bank' | 'title'> & Partial<Pick<AdminSaleDetail, 'approval_limit_kobo'>>;
  disabled?: boolean;
  /** Work mode's `a`: set to "submit the form as it stands" (the code dialog opens). */
  approveRef?: { current: (() => void) | null };
  /** After the approval went through (work mode opens the next sale). */
  onDecided?: () => void;
}) {
  const [values, setValues] = useState<ApproveFormValues>({ amount: koboToNairaInput(sale.value_kobo), reason: '', note: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof ApproveFormValues, string>>>({});
  const [ready, setReady] = useState<Ready | null>(null);

  const edit = (field: keyof ApproveFormValues) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const check = checkApprove(values, sale.value_kobo, sale.approval_limit_kobo);
    if (!check.ok) {
      setErrors(check.errors);
      return;
    }
    setReady(check);
  };

  useEffect(() => {
    if (!approveRef) return;
    approveRef.current = disabled
      ? null
      : () => {
          const check = checkApprove(values, sale.value_kobo, sale.approval_limit_kobo);
          if (check.ok) setReady(check);
          else setErrors(check.errors);
        };
    return () => {
      approveRef.current = null;
    };
  });

  const { above, lower, second, noteLabel, submitLabel } = amountHints(values, sale);

  return (
    <>
      <form className="admin-form" onSubmit={submit} noValidate aria-label="Approve">
        <FormField
          label="Amount to pay (₦)"
          name="amount"
          inputMode="decimal"
          value={values.amount}
          onChange={(event) => edit('amount')(event.target.value)}
          error={errors.amount}
          hint={`Quoted value: ${formatNaira(sale.value_kobo)}`}
          disabled={disabled}
        />
        {lower ? (
          <FormSelect
            label="Why is the amount lower?"
            name="reason"
            options={reasonOptions}
            value={values.reason ?? ''}
            onChange={(event) => edit('reason')(event.target.value)}
            error={errors.reason}
            disabled={disabled}
          />
        ) : null}
        {second ? (
          <p className="admin-alert admin-alert--info" role="status">
            {above ? 'More than the quoted value' : 'Above the single-approval limit'}
            {sale.approval_limit_kobo !== undefined && !above ? ` of ${formatNaira(sale.approval_limit_kobo)}` : ''}: nothing is paid until
            a second approver (another admin) confirms it.
          </p>
        ) : null}
        <FormTextArea
          label={noteLabel}
          name="note"
          value={values.note}
          onChange={(event) => edit('note')(event.target.value)}
          error={errors.note}
          rows={2}
          disabled={disabled}
        />
        <Button type="submit" disabled={disabled}>
          {submitLabel}
        </Button>
      </form>
      <ConfirmApprovalDialog sale={sale} ready={ready} onClose={() => setReady(null)} onDecided={onDecided} />
    </>
  );
}

/** What the typed amount means for the form: lower asks why, above the quote or the limit goes to a second approver. */
function amountHints(
  values: ApproveFormValues,
  sale: Pick<AdminSaleDetail, 'value_kobo'> & Partial<Pick<AdminSaleDetail, 'approval_limit_kobo'>>,
) {
  const typedKobo = nairaToKobo(values.amount);
  const above = typedKobo !== null && typedKobo > sale.value_kobo;
  const lower = typedKobo !== null && typedKobo < sale.value_kobo;
  const overLimit = typedKobo !== null && sale.approval_limit_kobo !== undefined && typedKobo > sale.approval_limit_kobo;
  const second = above || overLimit;
  const noteLabel = above
    ? 'Note (required: why more than the quote; the customer reads it)'
    : lower && values.reason === 'other'
      ? 'Note (required: the customer reads it)'
      : 'Note (optional)';
  const submitLabel = second ? 'Ask for a second approval' : 'Approve and pay';
  return { above, lower, second, noteLabel, submitLabel };
}

/** The code asked last, over what will be paid and to whom (or what the second approver will see). */
function ConfirmApprovalDialog({
  sale,
  ready,
  onClose,
  onDecided,
}: {
  sale: Pick<AdminSaleDetail, 'id' | 'value_kobo' | 'bank' | 'title'>;
  ready: Ready | null;
  onClose: () => void;
  onDecided?: () => void;
}) {
  const approve = useApproveSale(sale.id);
  return (
    <ConfirmCodeDialog
      open={ready !== null}
      onClose={onClose}
      title={ready?.needsSecondApproval ? 'Ask for a second approval' : 'Approve and pay'}
      description={
        ready?.needsSecondApproval
          ? 'Nothing is paid yet: another admin sees both amounts and your reason, and confirms with their own code.'
          : 'The transfer starts as soon as you confirm.'
      }
      confirmLabel={
        ready ? (ready.needsSecondApproval ? `Ask to pay ${formatNaira(ready.amountKobo)}` : `Pay ${formatNaira(ready.amountKobo)}`) : 'Pay'
      }
      busyLabel="Approving..."
      onConfirm={async (confirmation) => {
        if (!ready) return;
        const answer = await approve.mutateAsync({ ...ready.body, ...confirmation });
        toastSuccess(
          answer.sale.status === 'approved' ? 'Approved. The payout has started' : 'Sent to a second admin. Nothing is paid yet',
        );
        onDecided?.();
      }}
    >
      {ready ? (
        <Facts
          rows={[
            ['Sale', sale.title],
            ['Pay', <span className="admin-money">{formatNaira(ready.amountKobo)}</span>],
            ready.differs && ['Quoted value', <span className="admin-money">{formatNaira(sale.value_kobo)}</span>],
            ready.body.reason && ['Customer reads', saleAmountReasonWords(ready.body.reason, ready.body.note ?? null)],
            ['To', `${sale.bank.account_name} · ${sale.bank.bank_name} ••${sale.bank.account_number.slice(-4)}`],
            ready.body.note && ['Note', ready.body.note],
          ]}
        />
      ) : null}
    </ConfirmCodeDialog>
  );
}
