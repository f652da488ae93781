import { z } from 'zod';
import { closeDepositSchema, DEPOSIT_CLOSE_NOTE_MAX, depositDeskMessages, type DepositDeskItem } from '@wise/shared/admin';
import { PasskeyConfirmOption, showConfirmedRefusal, useFormConfirmation } from '#web/components/admin/confirm-code-dialog';
import { Dialog, DialogActions } from '#web/components/admin/dialog';
import { AuthenticatorCodeField, FormTextArea } from '#web/components/admin/form-fields';
import { Button } from '#web/components/ui/button';
import { toastSuccess } from '#web/components/ui/toast';
import { useZodForm } from '#web/lib/use-zod-form';
import { useCloseDeposit } from '../api/close-deposit';
import { depositSummary } from '../format-deposit';

/** The endpoint's own rules for the note; the code is checked by the confirmation step ("Use passkey" needs none). */
const closeDepositFormSchema = closeDepositSchema.extend({ confirm_code: z.string().optional() });

interface CloseDepositDialogProps {
  deposit: DepositDeskItem;
  onClose: () => void;
}

/**
 * "Close": nothing is paid, and the customer reads the reason on their deposit. The reason and the
 * authenticator code (or a passkey); the server's refusal is shown above the buttons.
 */
export function CloseDepositDialog({ deposit, onClose }: CloseDepositDialogProps) {
  const close = useCloseDeposit();
  const form = useZodForm(closeDepositFormSchema, { note: '', confirm_code: '' });
  const errors = form.formState.errors;
  const { askingPasskey, confirmation: confirmationBy, codeRefused } = useFormConfirmation(form);
  const submitWith = (viaPasskey: boolean) =>
    form.handleSubmit(
      async (values) => {
        const confirmation = await confirmationBy(viaPasskey);
        if (!confirmation) return;
        close.mutate(
          { id: deposit.id, body: { note: values.note, ...confirmation } },
          {
            onSuccess: () => {
              toastSuccess(depositDeskMessages.closed);
              onClose();
            },
            onError: (error) =>
              showConfirmedRefusal(form, error, {
                fields: ['note', 'confirm_code'],
                usedCode: confirmation.confirm_code !== undefined,
                fallback: 'Could not close the deposit. Try again',
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
      title="Close this deposit?"
      description={`${depositSummary(deposit)} from ${deposit.customer.name}. Nothing is paid for it; the customer reads your reason on their deposit.`}
      busy={close.isPending}
    >
      <form className="admin-form" onSubmit={submitWith(false)} noValidate aria-label="Close this deposit">
        <FormTextArea
          label="Reason the customer reads"
          rows={3}
          maxLength={DEPOSIT_CLOSE_NOTE_MAX}
          placeholder="e.g. This token is a copy of USDT from another contract and has no value. We cannot buy it."
          hint="Shown to the customer on their deposit, as you write it"
          error={errors.note?.message}
          {...form.field('note')}
        />
        <PasskeyConfirmOption busy={askingPasskey} disabled={close.isPending} onUse={() => submitWith(true)()} />
        <AuthenticatorCodeField error={errors.confirm_code?.message} {...codeField} onChange={(event) => void codeField.onChange(event)} />
        {errors.root?.message ? (
          <p className="admin-alert" role="alert">
            {errors.root.message}
          </p>
        ) : null}
        <DialogActions>
          <Button variant="secondary" onClick={onClose} disabled={close.isPending}>
            Cancel
          </Button>
          <Button type="submit" className="admin-btn--danger" busy={close.isPending} disabled={askingPasskey} busyLabel="Closing...">
            Close deposit
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
