import { SuccessScreen } from '../../../components/ui/success-screen';
import { paths } from '../../../config/paths';

/** Sign-up verified (docs/product.md §2): green tick and Continue to /home. */
export function CreateAccountSuccessRoute() {
  return (
    <SuccessScreen title="Verified" message="Verified successfully" action={{ label: 'Continue', to: paths.home }}>
      <p className="screen__text">Your account is ready. Log in to start trading.</p>
    </SuccessScreen>
  );
}
