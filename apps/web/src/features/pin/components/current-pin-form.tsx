import { pinErrorCodes, pinFormTexts } from '@wise/shared';
import { Button } from '#web/components/ui/button';
import { PinField } from '#web/components/ui/code-field';
import { toastError } from '#web/components/ui/toast';
import { ApiError, errorMessage } from '#web/lib/api-client';
import { useTexts } from '#web/lib/i18n';
import { useZodForm } from '#web/lib/use-zod-form';
import { useVerifyPin } from '../api/verify-pin';

interface CurrentPinFormProps {
  /** The server accepted `currentPin`. */
  onVerified: (currentPin: string) => void;
}

/** The current PIN before choosing a new one; a wrong PIN shows under the boxes, which empty. */
export function CurrentPinForm({ onVerified }: CurrentPinFormProps) {
  const verify = useVerifyPin();
  const t = useTexts(pinFormTexts);
  const form = useZodForm(() => import('../form-schemas').then((m) => m.currentPinSchema), { current_pin: '' });
  const submit = form.handleSubmit(({ current_pin }) =>
    verify.mutate(
      { pin: current_pin },
      {
        onSuccess: () => onVerified(current_pin),
        onError: (error) => {
          form.setValue('current_pin', '');
          if (error instanceof ApiError && error.code === pinErrorCodes.wrong) {
            form.setError('current_pin', { type: 'server', message: error.message });
            form.setFocus('current_pin');
          } else {
            toastError(errorMessage(error, t.checkFailed));
          }
        },
      },
    ),
  );
  return (
    <form className="screen__form" onSubmit={submit} noValidate>
      <PinField
        control={form.control}
        name="current_pin"
        label={t.currentLabel}
        error={form.formState.errors.current_pin?.message}
        onEdit={() => form.clearErrors('current_pin')}
      />
      <div className="screen__actions">
        <Button type="submit" busy={verify.isPending} busyLabel={t.verifying}>
          {t.verify}
        </Button>
      </div>
    </form>
  );
}
