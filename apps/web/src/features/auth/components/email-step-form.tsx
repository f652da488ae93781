import { signUpOtpTexts } from '@wise/shared';
import { Button } from '#web/components/ui/button';
import { EmailField } from '#web/components/ui/text-field';
import { useTexts } from '#web/lib/i18n';
import { useZodForm } from '#web/lib/use-zod-form';

interface EmailStepFormProps {
  onSubmit: (email: string) => void;
}

/** Asks which e-mail to confirm when the OTP screen is opened without one (e.g. a reload). */
export function EmailStepForm({ onSubmit }: EmailStepFormProps) {
  const t = useTexts(signUpOtpTexts);
  const {
    field,
    handleSubmit,
    formState: { errors },
  } = useZodForm(() => import('../form-schemas').then((m) => m.resendOtpSchema), { email: '' });
  return (
    <form className="screen__form" onSubmit={handleSubmit(({ email }) => onSubmit(email))} noValidate>
      <EmailField error={errors.email?.message} {...field('email')} />
      <div className="screen__actions">
        <Button type="submit">{t.continue}</Button>
      </div>
    </form>
  );
}
