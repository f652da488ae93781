import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { formatPhone } from '@wise/shared';
import { Header } from '../../../components/ui/header';
import { Screen, ScreenIntro } from '../../../components/ui/screen';
import { paths } from '../../../config/paths';
import { LoginPasswordForm } from '../../../features/auth/components/login-password-form';
import { readLoginIdentifier, type OtpState } from '../../../features/auth/navigation-state';
import '../../../features/auth/components/form.css';

/** Login step 2 (docs/product.md §2): the password for the identifier carried from step 1. */
export function LoginPasswordRoute() {
  const navigate = useNavigate();
  const emailOrPhone = readLoginIdentifier(useLocation().state);
  if (!emailOrPhone) return <Navigate to={paths.login} replace />;

  return (
    <Screen header={<Header backTo={paths.login} />}>
      <title>Login · Wise</title>
      <ScreenIntro title="Welcome back" text="Login to continue" />
      <div className="auth-identity">
        <span className="auth-identity__value" data-testid="login-identifier">
          {emailOrPhone.includes('@') ? (
            <>
              {emailOrPhone.slice(0, emailOrPhone.lastIndexOf('@'))}
              <wbr />
              {emailOrPhone.slice(emailOrPhone.lastIndexOf('@'))}
            </>
          ) : (
            formatPhone(emailOrPhone)
          )}
        </span>
        <Link to={paths.login}>Change</Link>
      </div>
      <LoginPasswordForm
        emailOrPhone={emailOrPhone}
        onSuccess={() => void navigate(paths.homepage, { replace: true })}
        onUnverified={(email) => {
          const state: OtpState = { email };
          void navigate(paths.createAccountOtp, { state });
        }}
      />
    </Screen>
  );
}
