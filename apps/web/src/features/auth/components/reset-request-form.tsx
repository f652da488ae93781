import { passwordResetTexts, type MessageResponse } from '@wise/shared';
import { Button } from '#web/components/ui/button';
import { EmailField } from '#web/components/ui/text-field';
import { toastError } from '#web/components/ui/toast';
import { errorMessage } from '#web/lib/api-client';
import { useTexts } from '#web/lib/i18n';
import { useZodForm } from '#web/lib/use-zod-form';
import { useRequestPasswordReset } from '../api/request-password-reset';

interface ResetRequestFormProps {
  onSuccess: (response: MessageResponse) => void;
}

/** Asks for the account's e-mail and sends the reset link. */
export function ResetRequestForm({ onSuccess }: ResetRequestFormProps) {
  const request = useRequestPasswordReset();
  const t = useTexts(passwordResetTexts);
  const {
    field,
    handleSubmit,
    formState: { errors },
  } = useZodForm(() => import('../form-schemas').then((m) => m.passwordResetRequestSchema), { email: '' });
  const hasErrors = Object.keys(errors).length > 0;

  const submit = handleSubmit((values) => {
    request.mutate(values, {
      onSuccess,
      onError: (error) => toastError(errorMessage(error, t.failed)),
    });
  });

  return (
    <form className="screen__form" onSubmit={submit} noValidate>
      <EmailField autoFocus error={errors.email?.message} {...field('email')} />
      <div className="screen__actions">
        <Button type="submit" busy={request.isPending} busyLabel={t.verifying} disabled={hasErrors}>
          {t.verify}
        </Button>
      </div>
    </form>
  );
}
