import { newEmailTexts } from '@wise/shared';
import { Button } from '#web/components/ui/button';
import { EmailField } from '#web/components/ui/text-field';
import { toastError } from '#web/components/ui/toast';
import { ApiError, errorMessage } from '#web/lib/api-client';
import { applyFieldErrors } from '#web/lib/form-errors';
import { useTexts } from '#web/lib/i18n';
import { useZodForm } from '#web/lib/use-zod-form';
import { useRequestEmailChange } from '../api/request-email-change';

interface NewEmailFormProps {
  /** The code was e-mailed to `newEmail`. */
  onSent: (newEmail: string) => void;
  /** The password confirmation has expired (403): it must be given again. */
  onConfirmationExpired: () => void;
}

/** The new address ('Email is required', 'Invalid entry'); the server e-mails it a four-digit code. */
export function NewEmailForm({ onSent, onConfirmationExpired }: NewEmailFormProps) {
  const request = useRequestEmailChange();
  const t = useTexts(newEmailTexts);
  const form = useZodForm(() => import('../form-schemas').then((m) => m.emailChangeRequestSchema), { new_email: '' });
  const submit = form.handleSubmit((input) =>
    request.mutate(input, {
      onSuccess: () => onSent(input.new_email),
      onError: (error) => {
        applyFieldErrors(error, form.setError, ['new_email']);
        toastError(errorMessage(error, t.sendFailed));
        if (error instanceof ApiError && error.status === 403) onConfirmationExpired();
      },
    }),
  );
  return (
    <form className="screen__form" onSubmit={submit} noValidate>
      <EmailField label={t.newLabel} error={form.formState.errors.new_email?.message} {...form.field('new_email')} />
      <div className="screen__actions">
        <Button type="submit" busy={request.isPending} busyLabel={t.sending}>
          {t.continue}
        </Button>
      </div>
    </form>
  );
}
