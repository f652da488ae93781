import { authMessages } from '@wise/shared';
import { SuccessTick } from '../../../components/ui/art/tick';
import { LinkButton } from '../../../components/ui/button';
import { Screen } from '../../../components/ui/screen';
import { paths } from '../../../config/paths';

/** After a successful reset: the tick, what happened, and the way to log in. */
export function PasswordResetSuccessRoute() {
  return (
    <Screen>
      <title>Password reset · Wise</title>
      <div className="screen__center">
        <SuccessTick />
        <h1 className="screen__title">Password reset</h1>
        <p className="screen__text">{authMessages.passwordChanged}</p>
      </div>
      <div className="screen__actions">
        <LinkButton to={paths.login} replace>
          Login
        </LinkButton>
      </div>
    </Screen>
  );
}
