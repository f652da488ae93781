import { CUSTOMER_LOCK_REASON_MAX_LENGTH } from '@wise/shared/admin';
import { PasskeyConfirmOption, showConfirmedRefusal, useFormConfirmation } from '#web/components/admin/confirm-code-dialog';
import { Dialog, DialogActions } from '#web/components/admin/dialog';
import { AuthenticatorCodeField, FormTextArea } from '#web/components/admin/form-fields';
import { Button } from '#web/components/ui/button';
import { toastSuccess } from '#web/components/ui/toast';
import { useZodForm } from '#web/lib/use-zod-form';
import { useLockCustomer } from '../api/customer-actions';
import { lockPasskeyFormSchema } from '../form-schemas';

interface LockDialogProps {
  customer: { id: string; full_name: string };
  onClose: () => void;
}

/**
 * Lock a customer's account: the reason (kept with the lock and in the audit log) and the
 * authenticator code. The customer is signed out everywhere and told clearly at the next login.
 */
export function LockDialog({ customer, onClose }: LockDialogProps) {
  const lock = useLockCustomer();
  const form = useZodForm(lockPasskeyFormSchema, { reason: '', confirm_code: '' });
  const errors = form.formState.errors;
  const { askingPasskey, confirmation: confirmationBy, codeRefused } = useFormConfirmation(form);
  const submitWith = (viaPasskey: boolean) =>
    form.handleSubmit(
      async (values) => {
        const confirmation = await confirmationBy(viaPasskey);
        if (!confirmation) return;
        lock.mutate(
          { id: customer.id, reason: values.reason, ...confirmation },
          {
            onSuccess: (state) => {
              const ended = state.sessions_ended;
              toastSuccess(
                `${customer.full_name} is locked${ended > 0 ? ` and signed out of ${ended} session${ended === 1 ? '' : 's'}` : ''}`,
              );
              onClose();
            },
            onError: (error) =>
              showConfirmedRefusal(form, error, {
                fields: ['reason', 'confirm_code'],
                usedCode: confirmation.confirm_code !== undefined,
                fallback: 'Could not lock the account. Try again',
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
      title={`Lock ${customer.full_name}'s account?`}
      description="They are signed out now and cannot log in until the account is unlocked. Their sales and gems stay as they are."
      busy={lock.isPending}
    >
      <form className="admin-form" onSubmit={submitWith(false)} noValidate>
        <FormTextArea
          label="Reason"
          rows={3}
          maxLength={CUSTOMER_LOCK_REASON_MAX_LENGTH}
          placeholder="e.g. Suspected stolen gift cards, see sale 1234"
          hint="Kept with the lock and in the audit log"
          error={errors.reason?.message}
          {...form.field('reason')}
        />
        <PasskeyConfirmOption busy={askingPasskey} disabled={lock.isPending} onUse={() => submitWith(true)()} />
        <AuthenticatorCodeField error={errors.confirm_code?.message} {...codeField} onChange={(event) => void codeField.onChange(event)} />
        {errors.root?.message ? (
          <p className="admin-alert" role="alert">
            {errors.root.message}
          </p>
        ) : null}
        <DialogActions>
          <Button variant="secondary" onClick={onClose} disabled={lock.isPending}>
            Cancel
          </Button>
          <Button type="submit" className="admin-btn--danger" busy={lock.isPending} disabled={askingPasskey} busyLabel="Locking...">
            Lock account
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
