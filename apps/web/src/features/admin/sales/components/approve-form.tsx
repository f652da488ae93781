import { useState, type FormEvent } from 'react';
import type { AdminSaleDetail } from '@wise/shared/admin';
import { ConfirmCodeDialog } from '../../../../components/admin/confirm-code-dialog';
import { Facts } from '../../../../components/admin/admin-layout';
import { FormField, FormTextArea } from '../../../../components/admin/form-fields';
import { Button } from '../../../../components/ui/button';
import { toastSuccess } from '../../../../components/ui/toast';
import { formatNaira } from '../../../../lib/format';
import { useApproveSale } from '../api/decide-sale';
import { checkApprove, koboToNairaInput, type ApproveCheck, type ApproveFormValues } from '../decision-values';

type Ready = Extract<ApproveCheck, { ok: true }>;

/**
 * Approve: the naira amount starts at the quote; paying a different amount needs a note. The
 * authenticator code is asked last, in a dialog that repeats what will be paid and to whom.
 */
export function ApproveForm({ sale, disabled }: { sale: Pick<AdminSaleDetail, 'id' | 'value_kobo' | 'bank' | 'title'>; disabled?: boolean }) {
  const [values, setValues] = useState<ApproveFormValues>({ amount: koboToNairaInput(sale.value_kobo), note: '' });
  const [errors, setErrors] = useState<Partial<Record<keyof ApproveFormValues, string>>>({});
  const [ready, setReady] = useState<Ready | null>(null);
  const approve = useApproveSale(sale.id);

  const edit = (field: keyof ApproveFormValues) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const check = checkApprove(values, sale.value_kobo);
    if (!check.ok) {
      setErrors(check.errors);
      return;
    }
    setReady(check);
  };

  const checked = checkApprove(values, sale.value_kobo);
  const differs = checked.ok ? checked.differs : values.amount.trim() !== koboToNairaInput(sale.value_kobo);

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
      <FormTextArea
        label={differs ? 'Note (required: why the amount differs)' : 'Note (optional)'}
        name="note"
        value={values.note}
        onChange={(event) => edit('note')(event.target.value)}
        error={errors.note}
        rows={2}
        disabled={disabled}
      />
      <Button type="submit" disabled={disabled}>
        Approve and pay
      </Button>
    </form>
      <ConfirmCodeDialog
        open={ready !== null}
        onClose={() => setReady(null)}
        title="Approve and pay"
        description="The transfer starts as soon as you confirm."
        confirmLabel={ready ? `Pay ${formatNaira(ready.amountKobo)}` : 'Pay'}
        busyLabel="Approving..."
        onConfirm={async (code) => {
          if (!ready) return;
          await approve.mutateAsync({ ...ready.body, confirm_code: code });
          toastSuccess('Approved. The payout has started');
        }}
      >
        {ready ? (
          <Facts
            rows={[
              ['Sale', sale.title],
              ['Pay', <span className="admin-money">{formatNaira(ready.amountKobo)}</span>],
              ['To', `${sale.bank.account_name} · ${sale.bank.bank_name} ••${sale.bank.account_number.slice(-4)}`],
              ready.body.note && ['Note', ready.body.note],
            ]}
          />
        ) : null}
      </ConfirmCodeDialog>
    </>
  );
}
