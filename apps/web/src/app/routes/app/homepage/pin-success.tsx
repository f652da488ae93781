import { paths } from '../../../../config/paths';
import { SuccessScreen } from '../shared/success-screen';

/** /homepage/pinset/success. */
export function PinSuccessRoute() {
  return <SuccessScreen title="PIN set" message="Your transaction PIN is set" actionLabel="Go to Home" actionHref={paths.homepage} />;
}
