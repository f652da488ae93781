import { fullNameFormTexts, splitFullName } from '@wise/shared';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { toastError } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { applyFieldErrors } from '../../../lib/form-errors';
import { useTexts } from '../../../lib/i18n';
import { useZodForm } from '../../../lib/use-zod-form';
import { useUpdateFullName } from '../api/update-full-name';

const fields = ['first_name', 'middle_name', 'surname'] as const;

interface FullNameFormProps {
  fullName: string;
  /** Saved; `message` is the server's. */
  onUpdated: (message: string) => void;
}

/** First, middle (optional) and surname, starting from the current name (docs/product.md §5). */
export function FullNameForm({ fullName, onUpdated }: FullNameFormProps) {
  const update = useUpdateFullName();
  const t = useTexts(fullNameFormTexts);
  const form = useZodForm(() => import('../form-schemas').then((m) => m.fullNameUpdateSchema), splitFullName(fullName));
  const errors = form.formState.errors;
  const submit = form.handleSubmit((input) =>
    update.mutate(input, {
      onSuccess: (result) => onUpdated(result.message),
      onError: (error) => {
        applyFieldErrors(error, form.setError, fields);
        toastError(errorMessage(error, t.failed));
      },
    }),
  );
  return (
    <form className="screen__form" onSubmit={submit} noValidate>
      <TextField label={t.firstName} autoComplete="given-name" error={errors.first_name?.message} {...form.field('first_name')} />
      <TextField label={t.middleName} autoComplete="additional-name" error={errors.middle_name?.message} {...form.field('middle_name')} />
      <TextField label={t.surname} autoComplete="family-name" error={errors.surname?.message} {...form.field('surname')} />
      <div className="screen__actions">
        <Button type="submit" busy={update.isPending} busyLabel={t.submitting}>
          {t.submit}
        </Button>
      </div>
    </form>
  );
}
