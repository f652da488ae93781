import { accountSuccessTexts, bankMessages } from '@wise/shared';
import { paths } from '#web/config/paths';
import { SuccessScreen } from '#web/components/ui/success-screen';
import { useTexts } from '#web/lib/i18n';

/** /account/success: 'Bank details updated successfully', Go to Home (docs/product.md §2). */
export function AccountSuccessRoute() {
  const t = useTexts(accountSuccessTexts);
  const messages = useTexts(bankMessages);
  return <SuccessScreen title={t.pageTitle} message={messages.updated} action={{ label: t.goHome, to: paths.homepage }} />;
}
