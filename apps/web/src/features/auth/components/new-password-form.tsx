import { errorCodes, newPasswordTexts, type newPasswordFormSchema } from '@wise/shared';
import type { z } from 'zod';
import { Button } from '#web/components/ui/button';
import { PasswordField } from '#web/components/ui/text-field';
import { toastError } from '#web/components/ui/toast';
import { ApiError, errorMessage } from '#web/lib/api-client';
import type { FieldName } from '#web/lib/form/store';
import { applyFieldErrors } from '#web/lib/form-errors';
import { useTexts } from '#web/lib/i18n';
import { useZodForm } from '#web/lib/use-zod-form';
import { useConfirmPasswordReset } from '../api/confirm-password-reset';

type NewPasswordValues = z.infer<typeof newPasswordFormSchema>;
const fieldNames: readonly FieldName<NewPasswordValues>[] = ['new_password', 'confirm_password'];

interface NewPasswordFormProps {
  /** The single-use token from the e-mailed link. */
  token: string;
  onSuccess: () => void;
  /** The server refused the link itself (used, replaced or expired): no password can fix that. */
  onLinkRefused?: () => void;
}

/** Choose a new password and confirm it; the button is dimmed while errors show. */
export function NewPasswordForm({ token, onSuccess, onLinkRefused }: NewPasswordFormProps) {
  const confirm = useConfirmPasswordReset();
  const t = useTexts(newPasswordTexts);
  const {
    field,
    handleSubmit,
    setError,
    formState: { errors },
  } = useZodForm(() => import('../form-schemas').then((m) => m.newPasswordFormSchema), { new_password: '', confirm_password: '' });
  const hasErrors = Object.keys(errors).length > 0;

  const submit = handleSubmit((values) => {
    confirm.mutate(
      { token, ...values },
      {
        onSuccess: () => onSuccess(),
        onError: (error) => {
          applyFieldErrors(error, setError, fieldNames);
          toastError(errorMessage(error, t.failed));
          if (error instanceof ApiError && error.code === errorCodes.resetTokenInvalid) onLinkRefused?.();
        },
      },
    );
  });

  return (
    <form className="screen__form" onSubmit={submit} noValidate>
      <PasswordField
        label={t.newPassword}
        autoComplete="new-password"
        placeholder={t.newPasswordPlaceholder}
        autoFocus
        error={errors.new_password?.message}
        {...field('new_password')}
      />
      <PasswordField
        label={t.confirmPassword}
        autoComplete="new-password"
        placeholder={t.confirmPlaceholder}
        error={errors.confirm_password?.message}
        {...field('confirm_password')}
      />
      <div className="screen__actions">
        <Button type="submit" busy={confirm.isPending} busyLabel={t.submitting} disabled={hasErrors}>
          {t.submit}
        </Button>
      </div>
    </form>
  );
}
