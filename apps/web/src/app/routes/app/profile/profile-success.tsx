import { useLocation } from 'react-router';
import { profileMessages } from '@wise/shared';
import { SuccessScreen } from '../../../../components/ui/success-screen';
import { paths } from '../../../../config/paths';
import { readSuccessMessage } from '../../../../features/profile/navigation-state';

/** /profile/success: the message passed in navigation state, and Return to Home (docs/product.md §2). */
export function ProfileSuccessRoute() {
  const message = readSuccessMessage(useLocation().state) ?? profileMessages.directSuccess;
  return <SuccessScreen title="Profile" message={message} action={{ label: 'Return to Home', to: paths.homepage }} />;
}
