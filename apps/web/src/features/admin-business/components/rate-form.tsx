import { currencySymbol } from '@wise/shared';
import type { AdminSubcategory } from '@wise/shared/admin';
import { FormField } from '../../../components/admin/form-fields';
import { Button } from '../../../components/ui/button';
import { toastError, toastSuccess } from '../../../components/ui/toast';
import { adminErrorMessage } from '../../../lib/admin-api';
import { applyFieldErrors } from '../../../lib/form-errors';
import { useZodForm } from '../../../lib/use-zod-form';
import { useUpdateSubcategory } from '../api/update-subcategory';
import { rateFormSchema } from '../form-schemas';
import './business.css';

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
  const submit = form.handleSubmit(({ exchange_rate }) =>
    update.mutate(
      { id: subcategory.id, changes: { exchange_rate } },
      {
        onSuccess: ({ subcategory: saved }) => {
          form.reset({ exchange_rate: saved.exchange_rate });
          toastSuccess(`${saved.label}: ₦${saved.exchange_rate} per ${unit}`);
        },
        onError: (failure) => {
          applyFieldErrors(failure, form.setError, ['exchange_rate']);
          toastError(adminErrorMessage(failure, 'Could not save the rate. Try again'));
        },
      },
    ),
  );
  return (
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
  );
}
