import { limitStaffTexts, PAYOUT_LIMIT_NOTE_MAX } from '@wise/shared';
import { PasskeyConfirmOption, showConfirmedRefusal, useFormConfirmation } from '#web/components/admin/confirm-code-dialog';
import { Dialog, DialogActions } from '#web/components/admin/dialog';
import { AuthenticatorCodeField, FormField, FormTextArea } from '#web/components/admin/form-fields';
import { Button } from '#web/components/ui/button';
import { toastSuccess } from '#web/components/ui/toast';
import { useZodForm } from '#web/lib/use-zod-form';
import { useRaiseCustomerLimit } from '../api/customer-limits';
import { raiseLimitPasskeyFormSchema } from '../form-schemas';

interface RaiseLimitDialogProps {
  customer: { id: string; full_name: string };
  /** Whether the customer is at tier 0 (the total before verification applies). */
  tierZero: boolean;
  onClose: () => void;
}

/**
 * An admin raises one customer's daily payout limit (and, at tier 0, the total before
 * verification): the amounts, the note kept with the raise and in the audit log, and the code —
 * or the staff member's passkey (docs/decisions.md §8.6).
 */
export function RaiseLimitDialog({ customer, tierZero, onClose }: RaiseLimitDialogProps) {
  const raise = useRaiseCustomerLimit();
  const form = useZodForm(raiseLimitPasskeyFormSchema, {
    daily_limit_naira: '',
    total_limit_naira: '',
    note: '',
    confirm_code: '',
  });
  const errors = form.formState.errors;
  const { askingPasskey, confirmation: confirmationBy, codeRefused } = useFormConfirmation(form);
  const submitWith = (viaPasskey: boolean) =>
    form.handleSubmit(
      async (values) => {
        const confirmation = await confirmationBy(viaPasskey);
        if (!confirmation) return;
        raise.mutate(
          {
            id: customer.id,
            daily_limit_naira: Number(values.daily_limit_naira),
            ...(values.total_limit_naira ? { total_limit_naira: Number(values.total_limit_naira) } : {}),
            note: values.note,
            ...confirmation,
          },
          {
            onSuccess: () => {
              toastSuccess(limitStaffTexts.saved);
              onClose();
            },
            onError: (error) =>
              showConfirmedRefusal(form, error, {
                fields: ['daily_limit_naira', 'total_limit_naira', 'note', 'confirm_code'],
                usedCode: confirmation.confirm_code !== undefined,
                fallback: 'Could not raise the limit. Try again',
              }),
          },
        );
      },
      () => viaPasskey || codeRefused(),
    );
  const codeField = form.field('confirm_code');
  return (
    <Dialog
      open
      onClose={onClose}
      title={limitStaffTexts.raiseTitle}
      description={`${customer.full_name}. ${limitStaffTexts.raiseHint}`}
      busy={raise.isPending}
    >
      <form className="admin-form" onSubmit={submitWith(false)} noValidate>
        <FormField
          label={limitStaffTexts.dailyField}
          inputMode="numeric"
          error={errors.daily_limit_naira?.message}
          {...form.field('daily_limit_naira')}
        />
        {tierZero ? (
          <FormField
            label={limitStaffTexts.totalField}
            inputMode="numeric"
            hint="Leave empty to keep it"
            error={errors.total_limit_naira?.message}
            {...form.field('total_limit_naira')}
          />
        ) : null}
        <FormTextArea
          label={limitStaffTexts.noteField}
          rows={3}
          maxLength={PAYOUT_LIMIT_NOTE_MAX}
          placeholder="e.g. Long-standing trader, documents checked by phone"
          hint="Kept with the raise and in the audit log"
          error={errors.note?.message}
          {...form.field('note')}
        />
        <PasskeyConfirmOption busy={askingPasskey} disabled={raise.isPending} onUse={() => submitWith(true)()} />
        <AuthenticatorCodeField error={errors.confirm_code?.message} {...codeField} onChange={(event) => void codeField.onChange(event)} />
        {errors.root?.message ? (
          <p className="admin-alert" role="alert">
            {errors.root.message}
          </p>
        ) : null}
        <DialogActions>
          <Button variant="secondary" onClick={onClose} disabled={raise.isPending}>
            Cancel
          </Button>
          <Button type="submit" busy={raise.isPending} disabled={askingPasskey} busyLabel="Saving...">
            {limitStaffTexts.raise}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
