import { bankMessages } from '@wise/shared';
import { paths } from '../../../../config/paths';
import { SuccessScreen } from '../../../../components/ui/success-screen';

/** /account/success: 'Bank details updated successfully', Go to Home (docs/product.md §2). */
export function AccountSuccessRoute() {
  return <SuccessScreen title="Bank details" message={bankMessages.updated} action={{ label: 'Go to Home', to: paths.homepage }} />;
}
