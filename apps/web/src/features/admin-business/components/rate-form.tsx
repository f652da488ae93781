import { currencySymbol } from '@wise/shared';
import { dutyMessages, type AdminSubcategory } from '@wise/shared/admin';
import { useState } from 'react';
import { CONFIRMATION_INVALID, ConfirmCodeDialog } from '#web/components/admin/confirm-code-dialog';
import { FormField } from '#web/components/admin/form-fields';
import { Button } from '#web/components/ui/button';
import { toastError, toastSuccess } from '#web/components/ui/toast';
import { adminErrorMessage, hasErrorCode } from '#web/lib/admin-api';
import type { StaffConfirmation } from '#web/lib/staff-confirmation';
import { applyFieldErrors } from '#web/lib/form-errors';
import { useZodForm } from '#web/lib/use-zod-form';
import { useUpdateSubcategory } from '../api/update-subcategory';
import { rateFormSchema } from '../form-schemas';
import './rate-form.css';

interface RateFormProps {
  subcategory: Pick<AdminSubcategory, 'id' | 'exchange_rate' | 'currency' | 'label'>;
}

/**
 * A sub-category's rate, changed in place: naira per 1 unit of the card's currency. The database
 * records each change (who, when, from, to) in the rate history.
 */
export function RateForm({ subcategory }: RateFormProps) {
  const update = useUpdateSubcategory();
  const form = useZodForm(rateFormSchema, { exchange_rate: subcategory.exchange_rate });
  const error = form.formState.errors.exchange_rate?.message;
  const unit = `${currencySymbol(subcategory.currency)}1`;
  // A rate change goes with the admin's own code or passkey (docs/separation-of-duties.md).
  const [pending, setPending] = useState<string | null>(null);
  const submit = form.handleSubmit(({ exchange_rate }) => setPending(exchange_rate));
  const save = async (exchange_rate: string, confirmation: StaffConfirmation) => {
    try {
      const { subcategory: saved, rate_request: waiting } = await update.mutateAsync({
        id: subcategory.id,
        changes: { exchange_rate, ...confirmation },
      });
      form.reset({ exchange_rate: saved.exchange_rate });
      toastSuccess(
        waiting
          ? `${saved.label}: ₦${exchange_rate} per ${unit}. ${dutyMessages.waiting}`
          : `${saved.label}: ₦${saved.exchange_rate} per ${unit}`,
      );
    } catch (failure) {
      // A wrong code stays in the dialog, under its field.
      if (hasErrorCode(failure, CONFIRMATION_INVALID)) throw failure;
      setPending(null);
      applyFieldErrors(failure, form.setError, ['exchange_rate']);
      toastError(adminErrorMessage(failure, 'Could not save the rate. Try again'));
    }
  };
  return (
    <>
      <ConfirmCodeDialog
        open={pending !== null}
        onClose={() => setPending(null)}
        title={`Change the rate for ${subcategory.label}`}
        description={pending ? `₦${subcategory.exchange_rate} → ₦${pending} per ${unit}` : undefined}
        confirmLabel="Save the rate"
        onConfirm={(confirmation) => (pending ? save(pending, confirmation) : Promise.resolve())}
      />
      <form className="biz-rate-form" onSubmit={submit} noValidate>
        <FormField
          label={`Rate for ${subcategory.label} (naira per ${unit})`}
          hideLabel
          inputMode="decimal"
          autoComplete="off"
          leading="₦"
          error={error}
          className="biz-rate-form__input"
          {...form.field('exchange_rate')}
        />
        <Button
          type="submit"
          variant="secondary"
          className="admin-btn--small"
          busy={update.isPending}
          busyLabel="Saving..."
          disabled={!form.formState.isDirty}
        >
          Save
        </Button>
      </form>
    </>
  );
}
