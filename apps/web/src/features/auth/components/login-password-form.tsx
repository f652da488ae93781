import { Link } from 'react-router';
import { errorCodes, loginPasswordTexts } from '@wise/shared';
import { Button } from '#web/components/ui/button';
import { PasswordField } from '#web/components/ui/text-field';
import { dismissToasts, toastError } from '#web/components/ui/toast';
import { paths } from '#web/config/paths';
import { ApiError, errorMessage } from '#web/lib/api-client';
import { useTexts } from '#web/lib/i18n';
import { useZodForm } from '#web/lib/use-zod-form';
import { useLogIn } from '../api/log-in';
import './form.css';

interface LoginPasswordFormProps {
  emailOrPhone: string;
  onSuccess: () => void;
  /** The account exists but its e-mail is not verified; the server has sent a fresh code. */
  onUnverified: (email: string) => void;
}

/** Login step 2: the password, then the session (docs/product.md §2). */
export function LoginPasswordForm({ emailOrPhone, onSuccess, onUnverified }: LoginPasswordFormProps) {
  const logIn = useLogIn();
  const t = useTexts(loginPasswordTexts);
  const {
    field,
    handleSubmit,
    formState: { errors },
  } = useZodForm(() => import('../form-schemas').then((m) => m.loginPasswordStepSchema), { password: '' });

  const submit = handleSubmit(({ password }) => {
    logIn.mutate(
      { email_or_phone: emailOrPhone, password },
      {
        onSuccess: () => {
          dismissToasts();
          onSuccess();
        },
        onError: (error) => {
          toastError(errorMessage(error, t.failed));
          const email = error instanceof ApiError ? error.body.meta?.email : undefined;
          // meta may carry numbers for other screens; an e-mail is a string or nothing.
          if (error instanceof ApiError && error.code === errorCodes.unverified && typeof email === 'string' && email) onUnverified(email);
        },
      },
    );
  });

  return (
    <form className="screen__form" onSubmit={submit} noValidate>
      <PasswordField
        label={t.password}
        hideLabel
        placeholder={t.password}
        autoComplete="current-password"
        autoFocus
        error={errors.password?.message}
        {...field('password')}
      />
      <Link to={paths.passwordReset} className="auth-forgot">
        {t.forgot}
      </Link>
      <div className="screen__actions">
        <Button type="submit" busy={logIn.isPending} busyLabel={t.loggingIn}>
          {t.login}
        </Button>
      </div>
    </form>
  );
}
