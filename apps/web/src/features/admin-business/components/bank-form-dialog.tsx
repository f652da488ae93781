import { createBankSchema } from '@wise/shared/admin';
import { Dialog, DialogActions } from '#web/components/admin/dialog';
import { FormField } from '#web/components/admin/form-fields';
import { Button } from '#web/components/ui/button';
import { toastSuccess } from '#web/components/ui/toast';
import { adminErrorMessage } from '#web/lib/admin-api';
import { applyFieldErrors } from '#web/lib/form-errors';
import { useZodForm } from '#web/lib/use-zod-form';
import { useCreateBank } from '../api/save-bank';

/** A bank customers can choose for their payouts: its NIP/CBN code and name. */
export function BankFormDialog({ onClose }: { onClose: () => void }) {
  const create = useCreateBank();
  const form = useZodForm(createBankSchema, { code: '', name: '', active: true });
  const errors = form.formState.errors;
  const submit = form.handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: ({ bank }) => {
        toastSuccess(`${bank.name} added`);
        onClose();
      },
      onError: (error) => {
        applyFieldErrors(error, form.setError, ['code', 'name']);
        form.setError('root', { type: 'server', message: adminErrorMessage(error, 'Could not add the bank. Try again') });
      },
    }),
  );
  return (
    <Dialog open onClose={onClose} title="Add a bank" busy={create.isPending}>
      <form className="admin-form" onSubmit={submit} noValidate>
        <FormField
          label="Bank code"
          inputMode="numeric"
          autoComplete="off"
          placeholder="058"
          hint="The code the payout provider uses"
          error={errors.code?.message}
          {...form.field('code')}
        />
        <FormField
          label="Bank name"
          autoComplete="off"
          placeholder="Guaranty Trust Bank"
          error={errors.name?.message}
          {...form.field('name')}
        />
        {errors.root?.message ? (
          <p className="admin-alert" role="alert">
            {errors.root.message}
          </p>
        ) : null}
        <DialogActions>
          <Button variant="secondary" onClick={onClose} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" busy={create.isPending} busyLabel="Adding...">
            Add bank
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
