import { newPhoneTexts } from '@wise/shared';
import { Button } from '#web/components/ui/button';
import { PhoneField } from '#web/components/ui/phone-field';
import { toastError } from '#web/components/ui/toast';
import { ApiError, errorMessage } from '#web/lib/api-client';
import { Controller } from '#web/lib/form/controller';
import { applyFieldErrors } from '#web/lib/form-errors';
import { useTexts } from '#web/lib/i18n';
import { useZodForm } from '#web/lib/use-zod-form';
import { useRequestPhoneChange } from '../api/request-phone-change';

interface NewPhoneFormProps {
  /** The code was texted to `newPhone`. */
  onSent: (newPhone: string) => void;
  /** The password confirmation has expired (403): it must be given again. */
  onConfirmationExpired: () => void;
}

/** The new number; the server texts it a four-digit code. */
export function NewPhoneForm({ onSent, onConfirmationExpired }: NewPhoneFormProps) {
  const request = useRequestPhoneChange();
  const t = useTexts(newPhoneTexts);
  const form = useZodForm(() => import('../form-schemas').then((m) => m.phoneChangeRequestSchema), { new_phone: '' });
  const submit = form.handleSubmit((input) =>
    request.mutate(input, {
      onSuccess: () => onSent(input.new_phone),
      onError: (error) => {
        applyFieldErrors(error, form.setError, ['new_phone']);
        toastError(errorMessage(error, t.sendFailed));
        if (error instanceof ApiError && error.status === 403) onConfirmationExpired();
      },
    }),
  );
  return (
    <form className="screen__form" onSubmit={submit} noValidate>
      <Controller
        control={form.control}
        name="new_phone"
        render={({ field }) => (
          <PhoneField
            label={t.newLabel}
            name={field.name}
            value={field.value}
            onChange={(value) => {
              field.onChange(value);
              form.clearErrors('new_phone');
            }}
            error={form.formState.errors.new_phone?.message}
            autoFocus
          />
        )}
      />
      <div className="screen__actions">
        <Button type="submit" busy={request.isPending} busyLabel={t.sending}>
          {t.continue}
        </Button>
      </div>
    </form>
  );
}
