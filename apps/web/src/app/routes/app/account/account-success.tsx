import { bankMessages } from '@wise/shared';
import { paths } from '../../../../config/paths';
import { SuccessScreen } from '../shared/success-screen';

/** /account/success: 'Bank details updated successfully', Go to Home (SPEC §2). */
export function AccountSuccessRoute() {
  return <SuccessScreen title="Bank details" message={bankMessages.updated} actionLabel="Go to Home" actionHref={paths.homepage} />;
}
