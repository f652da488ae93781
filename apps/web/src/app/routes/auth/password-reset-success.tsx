import { authMessages } from '@wise/shared';
import { SuccessScreen } from '../../../components/ui/success-screen';
import { paths } from '../../../config/paths';

/** After a successful reset: the tick, what happened, and the way to log in. */
export function PasswordResetSuccessRoute() {
  return (
    <SuccessScreen title="Password reset" message="Password reset" action={{ label: 'Login', to: paths.login }}>
      <p className="screen__text">{authMessages.passwordChanged}</p>
    </SuccessScreen>
  );
}
