import type { ReactNode } from 'react';
import { referralTexts, signUpTexts, type SignupInput } from '@wise/shared';
import { Button } from '#web/components/ui/button';
import { PhoneField } from '#web/components/ui/phone-field';
import { EmailField, PasswordField, TextField } from '#web/components/ui/text-field';
import { toastError } from '#web/components/ui/toast';
import { errorMessage } from '#web/lib/api-client';
import { Controller } from '#web/lib/form/controller';
import type { FieldName } from '#web/lib/form/store';
import { applyFieldErrors } from '#web/lib/form-errors';
import { useTexts } from '#web/lib/i18n';
import { useZodForm } from '#web/lib/use-zod-form';
import { useSignUp } from '../api/sign-up';

const fieldNames: readonly FieldName<SignupInput>[] = ['full_name', 'username', 'email', 'phone', 'password'];

interface SignUpFormProps {
  onSuccess: (email: string) => void;
  /** The inviter's code from a referral link (docs/features.md, "Referrals"), sent with the form. */
  referralCode?: string;
  /** Shown under the button, e.g. the link to log in instead. */
  footer?: ReactNode;
}

/** Sign-up (docs/product.md §2): validated on submit only, each error cleared as its field is edited. */
export function SignUpForm({ onSuccess, footer, referralCode }: SignUpFormProps) {
  const signUp = useSignUp();
  const t = useTexts(signUpTexts);
  const referral = useTexts(referralTexts);
  const {
    field,
    control,
    handleSubmit,
    clearErrors,
    setError,
    formState: { errors },
  } = useZodForm(() => import('../form-schemas').then((m) => m.signupSchema), {
    full_name: '',
    username: '',
    email: '',
    phone: '',
    password: '',
  });
  const hasErrors = Object.keys(errors).length > 0;

  const submit = handleSubmit((values) => {
    signUp.mutate(referralCode ? { ...values, referral_code: referralCode } : values, {
      onSuccess: (response) => onSuccess(response.email),
      onError: (error) => {
        applyFieldErrors(error, setError, fieldNames);
        toastError(errorMessage(error, t.failed));
      },
    });
  });

  return (
    <form className="screen__form" onSubmit={submit} noValidate>
      {referralCode ? (
        <p className="screen__aside" data-testid="signup-invited">
          {referral.invited(referralCode)}
        </p>
      ) : null}
      <TextField
        label={t.fullName}
        autoComplete="name"
        placeholder={t.fullNamePlaceholder}
        error={errors.full_name?.message}
        {...field('full_name')}
      />
      <TextField
        label={t.username}
        autoComplete="username"
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        placeholder={t.usernamePlaceholder}
        error={errors.username?.message}
        {...field('username')}
      />
      <EmailField error={errors.email?.message} {...field('email')} />
      <Controller
        control={control}
        name="phone"
        render={({ field: phone }) => (
          <PhoneField
            label={t.phone}
            name={phone.name}
            value={phone.value}
            onChange={(value) => {
              phone.onChange(value);
              clearErrors('phone');
            }}
            error={errors.phone?.message}
          />
        )}
      />
      <PasswordField
        label={t.password}
        autoComplete="new-password"
        placeholder={t.passwordPlaceholder}
        error={errors.password?.message}
        {...field('password')}
      />
      <div className="screen__actions">
        <Button type="submit" busy={signUp.isPending} busyLabel={t.creating} disabled={hasErrors}>
          {t.create}
        </Button>
        {footer}
      </div>
    </form>
  );
}
