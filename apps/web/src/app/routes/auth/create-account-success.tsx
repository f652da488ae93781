import { SuccessTick } from '../../../components/ui/art/tick';
import { LinkButton } from '../../../components/ui/button';
import { Screen } from '../../../components/ui/screen';
import { paths } from '../../../config/paths';

/** Sign-up verified (SPEC §2): green tick and Continue to /home. */
export function CreateAccountSuccessRoute() {
  return (
    <Screen>
      <title>Verified · Wise</title>
      <div className="screen__center">
        <SuccessTick />
        <h1 className="screen__title">Verified successfully</h1>
        <p className="screen__text">Your account is ready. Log in to start trading.</p>
      </div>
      <div className="screen__actions">
        <LinkButton to={paths.home} replace>
          Continue
        </LinkButton>
      </div>
    </Screen>
  );
}
