import { Link, useNavigate } from 'react-router';
import { Header } from '../../../components/ui/header';
import { Screen, ScreenIntro } from '../../../components/ui/screen';
import { paths } from '../../../config/paths';
import { SignUpForm } from '../../../features/auth/components/sign-up-form';
import type { OtpState } from '../../../features/auth/navigation-state';

/** Sign-up (docs/product.md §2), then the OTP screen carrying the e-mail. */
export function CreateAccountRoute() {
  const navigate = useNavigate();
  return (
    <Screen header={<Header backTo={paths.home} title="Get Started" />}>
      <title>Get Started · Wise</title>
      <ScreenIntro title="Complete your profile" />
      <SignUpForm
        onSuccess={(email) => {
          const state: OtpState = { email };
          void navigate(paths.createAccountOtp, { state });
        }}
        footer={
          <p className="screen__aside">
            <Link to={paths.login}>I have an account. Login</Link>
          </p>
        }
      />
    </Screen>
  );
}
