import { Button } from '../../../components/ui/button';
import { OtpField } from '../../../components/ui/code-field';
import { toastError } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';
import { useZodForm } from '../../../lib/use-zod-form';

interface ContactOtpFormProps {
  busy: boolean;
  /** Sends the code; rejects with the server's error. */
  onSubmit: (code: string) => Promise<unknown>;
  onResend: () => void;
  resending: boolean;
}

/** Four boxes for the change code, 'Verify' / 'Verifying...' and a resend link. */
export function ContactOtpForm({ busy, onSubmit, onResend, resending }: ContactOtpFormProps) {
  const form = useZodForm(() => import('../form-schemas').then((m) => m.contactCodeSchema), { otp_code: '' });
  const submit = form.handleSubmit(async ({ otp_code }) => {
    try {
      await onSubmit(otp_code);
    } catch (error) {
      toastError(errorMessage(error, 'Could not verify the code. Please try again'));
      form.setValue('otp_code', '');
      form.setFocus('otp_code');
    }
  });
  return (
    <form className="screen__form" onSubmit={submit} noValidate>
      <OtpField
        control={form.control}
        name="otp_code"
        label="One-time code"
        error={form.formState.errors.otp_code?.message}
        onEdit={() => form.clearErrors('otp_code')}
      />
      <p className="screen__aside">
        Didn&apos;t get it?{' '}
        <button type="button" className="btn btn--link" onClick={onResend} disabled={resending}>
          {resending ? 'Sending...' : 'Send a new code'}
        </button>
      </p>
      <div className="screen__actions">
        <Button type="submit" busy={busy} busyLabel="Verifying...">
          Verify
        </Button>
      </div>
    </form>
  );
}
