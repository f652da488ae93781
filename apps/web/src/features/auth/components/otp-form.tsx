import { signUpOtpTexts } from '@wise/shared';
import { Button } from '#web/components/ui/button';
import { OtpField } from '#web/components/ui/code-field';
import { dismissToasts, toastError } from '#web/components/ui/toast';
import { errorMessage } from '#web/lib/api-client';
import { useTexts } from '#web/lib/i18n';
import { useZodForm } from '#web/lib/use-zod-form';
import { useVerifyOtp } from '../api/verify-otp';
import { ResendCode } from './resend-code';

interface OtpFormProps {
  email: string;
  /** Whether a code was sent just now (starts the resend countdown). */
  codeJustSent: boolean;
  onSuccess: () => void;
}

/** Four boxes for the e-mailed code, 'Verify', and 'Resend code' (docs/product.md §2). */
export function OtpForm({ email, codeJustSent, onSuccess }: OtpFormProps) {
  const verify = useVerifyOtp();
  const t = useTexts(signUpOtpTexts);
  const {
    control,
    handleSubmit,
    clearErrors,
    setValue,
    setFocus,
    formState: { errors },
  } = useZodForm(() => import('../form-schemas').then((m) => m.otpFormSchema), { otp: '' });

  const submit = handleSubmit(({ otp }) => {
    verify.mutate(
      { email, otp },
      {
        onSuccess: () => {
          dismissToasts();
          onSuccess();
        },
        onError: (error) => {
          toastError(errorMessage(error, t.failed));
          setValue('otp', '');
          setFocus('otp');
        },
      },
    );
  });

  return (
    <form className="screen__form" onSubmit={submit} noValidate>
      <OtpField control={control} name="otp" label={t.codeLabel} error={errors.otp?.message} onEdit={() => clearErrors('otp')} />
      <ResendCode email={email} initialWaitS={codeJustSent ? undefined : 0} onResent={() => setValue('otp', '')} />
      <div className="screen__actions">
        <Button type="submit" busy={verify.isPending} busyLabel={t.verifying}>
          {t.verify}
        </Button>
      </div>
    </form>
  );
}
