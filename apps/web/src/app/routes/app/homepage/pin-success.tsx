import { paths } from '../../../../config/paths';
import { SuccessScreen } from '../../../../components/ui/success-screen';

/** /homepage/pinset/success. */
export function PinSuccessRoute() {
  return <SuccessScreen title="PIN set" message="Your transaction PIN is set" action={{ label: 'Go to Home', to: paths.homepage }} />;
}
