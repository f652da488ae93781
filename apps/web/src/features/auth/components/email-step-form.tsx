import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { resendOtpSchema } from '@wise/shared';
import { Button } from '../../../components/ui/button';
import { EmailField } from '../../../components/ui/text-field';

interface EmailStepFormProps {
  onSubmit: (email: string) => void;
}

/** Asks which e-mail to confirm when the OTP screen is opened without one (e.g. a reload). */
export function EmailStepForm({ onSubmit }: EmailStepFormProps) {
  const {
    register,
    handleSubmit,
    clearErrors,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(resendOtpSchema),
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
    defaultValues: { email: '' },
  });
  return (
    <form className="screen__form" onSubmit={handleSubmit(({ email }) => onSubmit(email))} noValidate>
      <EmailField
        error={errors.email?.message}
        {...register('email', { onChange: () => clearErrors('email') })}
      />
      <div className="screen__actions">
        <Button type="submit">Continue</Button>
      </div>
    </form>
  );
}
