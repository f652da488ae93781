import { useNavigate } from 'react-router';
import { Header } from '../../../components/ui/header';
import { Screen, ScreenIntro } from '../../../components/ui/screen';
import { paths } from '../../../config/paths';
import { ResetRequestForm } from '../../../features/auth/components/reset-request-form';

/** Password reset, step 1 (docs/product.md §2): the e-mail, then "check your email" with the response. */
export function PasswordResetRoute() {
  const navigate = useNavigate();
  return (
    <Screen header={<Header backTo={paths.login} />}>
      <title>Reset Password · Wise</title>
      <ScreenIntro
        title="Enter your Email to Reset your Password"
        text="We will send a link to choose a new password."
      />
      <ResetRequestForm onSuccess={(response) => void navigate(paths.passwordResetEmail, { state: response })} />
    </Screen>
  );
}
