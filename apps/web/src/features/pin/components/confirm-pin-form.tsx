import { Button } from '#web/components/ui/button';
import { PinField } from '#web/components/ui/code-field';
import { pinErrorCodes, pinFormTexts } from '@wise/shared';
import { toastError } from '#web/components/ui/toast';
import { ApiError, errorMessage } from '#web/lib/api-client';
import { applyFieldErrors } from '#web/lib/form-errors';
import { useTexts, useTranslate } from '#web/lib/i18n';
import { useZodForm } from '#web/lib/use-zod-form';
import { useSetPin } from '../api/set-pin';
import type { PinDraft } from '../pin-draft';

interface ConfirmPinFormProps {
  /** The PIN typed on the first screen (and the current one when changing it). */
  draft: PinDraft;
  onSet: () => void;
  /** The server wants the password first (bank details exist, and this session has not confirmed it lately). */
  onReauthRequired: () => void;
}

/** The PIN again ('Pin does not match'), then 'Set' / 'Setting...'. */
export function ConfirmPinForm({ draft, onSet, onReauthRequired }: ConfirmPinFormProps) {
  const setPin = useSetPin();
  const t = useTexts(pinFormTexts);
  const translate = useTranslate();
  const form = useZodForm(() => import('../form-schemas').then((m) => m.setPinSchema), {
    pin: draft.pin,
    confirm_pin: '',
    current_pin: draft.currentPin,
  });
  const submit = form.handleSubmit(
    (input) =>
      setPin.mutate(input, {
        onSuccess: () => onSet(),
        onError: (error) => {
          if (error instanceof ApiError && error.code === pinErrorCodes.reauthRequired) {
            toastError(translate(error.message));
            onReauthRequired();
            return;
          }
          form.setValue('confirm_pin', '');
          applyFieldErrors(error, form.setError, ['confirm_pin']);
          toastError(errorMessage(error, t.setFailed));
        },
      }),
    // A confirmation that does not match is typed again from the first box.
    () => form.setValue('confirm_pin', ''),
  );
  return (
    <form className="screen__form" onSubmit={submit} noValidate>
      <PinField
        control={form.control}
        name="confirm_pin"
        label={t.confirmLabel}
        error={form.formState.errors.confirm_pin?.message ?? form.formState.errors.pin?.message}
        onEdit={() => form.clearErrors()}
      />
      <div className="screen__actions">
        <Button type="submit" busy={setPin.isPending} busyLabel={t.setting}>
          {t.set}
        </Button>
      </div>
    </form>
  );
}
