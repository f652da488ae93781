import { useLocation } from 'react-router';
import { profileMessages, profileSuccessTexts } from '@wise/shared';
import { SuccessScreen } from '#web/components/ui/success-screen';
import { paths } from '#web/config/paths';
import { readSuccessMessage } from '#web/features/profile/navigation-state';
import { useTexts, useTranslate } from '#web/lib/i18n';

/** /profile/success: the message passed in navigation state, and Return to Home (docs/product.md §2). */
export function ProfileSuccessRoute() {
  const t = useTexts(profileSuccessTexts);
  const messages = useTexts(profileMessages);
  const translate = useTranslate();
  // The server's message arrives as plain English: shown in the app's language.
  const carried = readSuccessMessage(useLocation().state);
  const message = carried ? translate(carried) : messages.directSuccess;
  return <SuccessScreen title={t.pageTitle} message={message} action={{ label: t.returnHome, to: paths.homepage }} />;
}
