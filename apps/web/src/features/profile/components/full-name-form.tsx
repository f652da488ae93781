import { fullNameFormTexts, splitFullName } from '@wise/shared';
import { Button } from '#web/components/ui/button';
import { PasswordField, TextField } from '#web/components/ui/text-field';
import { toastError } from '#web/components/ui/toast';
import { errorMessage } from '#web/lib/api-client';
import { applyFieldErrors } from '#web/lib/form-errors';
import { useTexts } from '#web/lib/i18n';
import { useZodForm } from '#web/lib/use-zod-form';
import { useUpdateFullName } from '../api/update-full-name';

const fields = ['first_name', 'middle_name', 'surname', 'password'] as const;

interface FullNameFormProps {
  fullName: string;
  /** Saved; `message` is the server's. */
  onUpdated: (message: string) => void;
}

/**
 * First, middle (optional) and surname, starting from the current name (docs/product.md §5), and
 * the password: a session cookie alone cannot rename the account (docs/identity.md).
 */
export function FullNameForm({ fullName, onUpdated }: FullNameFormProps) {
  const update = useUpdateFullName();
  const t = useTexts(fullNameFormTexts);
  const form = useZodForm(() => import('../form-schemas').then((m) => m.fullNameUpdateSchema), {
    ...splitFullName(fullName),
    password: '',
  });
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
      <PasswordField label={t.password} autoComplete="current-password" error={errors.password?.message} {...form.field('password')} />
      <p className="screen__aside">{t.passwordHint}</p>
      <div className="screen__actions">
        <Button type="submit" busy={update.isPending} busyLabel={t.submitting}>
          {t.submit}
        </Button>
      </div>
    </form>
  );
}
