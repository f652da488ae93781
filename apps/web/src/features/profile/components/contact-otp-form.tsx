import { contactOtpTexts } from '@wise/shared';
import { Button } from '#web/components/ui/button';
import { OtpField } from '#web/components/ui/code-field';
import { toastError } from '#web/components/ui/toast';
import { errorMessage } from '#web/lib/api-client';
import { useTexts } from '#web/lib/i18n';
import { useZodForm } from '#web/lib/use-zod-form';

interface ContactOtpFormProps {
  busy: boolean;
  /** Sends the code; rejects with the server's error. */
  onSubmit: (code: string) => Promise<unknown>;
  onResend: () => void;
  resending: boolean;
}

/** Four boxes for the change code, 'Verify' / 'Verifying...' and a resend link. */
export function ContactOtpForm({ busy, onSubmit, onResend, resending }: ContactOtpFormProps) {
  const t = useTexts(contactOtpTexts);
  const form = useZodForm(() => import('../form-schemas').then((m) => m.contactCodeSchema), { otp_code: '' });
  const submit = form.handleSubmit(async ({ otp_code }) => {
    try {
      await onSubmit(otp_code);
    } catch (error) {
      toastError(errorMessage(error, t.failed));
      form.setValue('otp_code', '');
      form.setFocus('otp_code');
    }
  });
  return (
    <form className="screen__form" onSubmit={submit} noValidate>
      <OtpField
        control={form.control}
        name="otp_code"
        label={t.codeLabel}
        error={form.formState.errors.otp_code?.message}
        onEdit={() => form.clearErrors('otp_code')}
      />
      <p className="screen__aside">
        {t.didntGet}{' '}
        <button type="button" className="btn btn--link" onClick={onResend} disabled={resending}>
          {resending ? t.sending : t.sendNew}
        </button>
      </p>
      <div className="screen__actions">
        <Button type="submit" busy={busy} busyLabel={t.verifying}>
          {t.verify}
        </Button>
      </div>
    </form>
  );
}
