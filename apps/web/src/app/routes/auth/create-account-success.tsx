import { signUpSuccessTexts } from '@wise/shared';
import { SuccessScreen } from '#web/components/ui/success-screen';
import { paths } from '#web/config/paths';
import { useTexts } from '#web/lib/i18n';

/** Sign-up verified (docs/product.md §2): green tick and Continue to /home. */
export function CreateAccountSuccessRoute() {
  const t = useTexts(signUpSuccessTexts);
  return (
    <SuccessScreen title={t.pageTitle} message={t.message} action={{ label: t.continue, to: paths.home }}>
      <p className="screen__text">{t.text}</p>
    </SuccessScreen>
  );
}
