import { Link, useNavigate } from 'react-router';
import { Header } from '../../../components/ui/header';
import { Screen, ScreenIntro } from '../../../components/ui/screen';
import { paths } from '../../../config/paths';
import { LoginIdentifierForm } from '../../../features/auth/components/login-identifier-form';
import { PasskeySignInButton } from '../../../features/passkeys/components/passkey-sign-in-button';
import type { LoginPasswordState } from '../../../features/auth/navigation-state';

/** Login step 1 (docs/product.md §2): email or phone, then /login/password; or a passkey (README, "Passkeys"). */
export function LoginRoute() {
  const navigate = useNavigate();
  return (
    <Screen header={<Header backTo={paths.home} />}>
      <title>Login · Wise</title>
      <ScreenIntro title="Welcome back" text="Login to continue" />
      <LoginIdentifierForm
        onSubmit={(emailOrPhone) => {
          const state: LoginPasswordState = { email_or_phone: emailOrPhone };
          void navigate(paths.loginPassword, { state });
        }}
      />
      <PasskeySignInButton onSignedIn={() => void navigate(paths.homepage, { replace: true })} />
      <p className="screen__aside">
        New to Wise? <Link to={paths.createAccount}>Create an account</Link>
      </p>
    </Screen>
  );
}
