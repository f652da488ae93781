import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { confirmPasswordTexts, profileMessages } from '@wise/shared';
import { Button } from '#web/components/ui/button';
import { PasswordField } from '#web/components/ui/text-field';
import { toastError } from '#web/components/ui/toast';
import { paths } from '#web/config/paths';
import { ApiError, errorMessage } from '#web/lib/api-client';
import { applyFieldErrors } from '#web/lib/form-errors';
import { useTexts } from '#web/lib/i18n';
import { useZodForm } from '#web/lib/use-zod-form';
import { useConfirmPassword } from '../api/confirm-password';

interface ConfirmPasswordFormProps {
  /** What is being changed, shown above the password (the masked number, the current email). */
  children?: ReactNode;
  /** Continue stays disabled while this is true (e.g. no current email to change). */
  disabled?: boolean;
  /** The server accepted the password: the change may go on for a few minutes (docs/product.md §4). */
  onConfirmed: () => void;
}

/** The password again before a phone or e-mail change, with the 'Forgot Password. Reset' link. */
export function ConfirmPasswordForm({ children, disabled, onConfirmed }: ConfirmPasswordFormProps) {
  const confirm = useConfirmPassword();
  const t = useTexts(confirmPasswordTexts);
  const messages = useTexts(profileMessages);
  const form = useZodForm(() => import('../form-schemas').then((m) => m.confirmPasswordSchema), { password: '' });
  const submit = form.handleSubmit((input) =>
    confirm.mutate(input, {
      onSuccess: () => onConfirmed(),
      onError: (error) => {
        applyFieldErrors(error, form.setError, ['password']);
        if (!(error instanceof ApiError && error.fields.password)) toastError(errorMessage(error, messages.passwordWrong));
      },
    }),
  );
  return (
    <form className="screen__form" onSubmit={submit} noValidate>
      {children}
      <PasswordField
        label={t.password}
        placeholder={t.password}
        error={form.formState.errors.password?.message}
        {...form.field('password')}
      />
      <p className="screen__aside">
        <Link to={paths.passwordReset}>{t.forgot}</Link>
      </p>
      <div className="screen__actions">
        <Button type="submit" disabled={disabled} busy={confirm.isPending} busyLabel={t.verifying}>
          {t.continue}
        </Button>
      </div>
    </form>
  );
}
