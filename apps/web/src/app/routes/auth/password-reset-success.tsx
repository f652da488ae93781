import { authMessages, passwordResetSuccessTexts } from '@wise/shared';
import { SuccessScreen } from '#web/components/ui/success-screen';
import { paths } from '#web/config/paths';
import { useTexts } from '#web/lib/i18n';

/** After a successful reset: the tick, what happened, and the way to log in. */
export function PasswordResetSuccessRoute() {
  const t = useTexts(passwordResetSuccessTexts);
  const messages = useTexts(authMessages);
  return (
    <SuccessScreen title={t.pageTitle} message={t.message} action={{ label: t.login, to: paths.login }}>
      <p className="screen__text">{messages.passwordChanged}</p>
    </SuccessScreen>
  );
}
