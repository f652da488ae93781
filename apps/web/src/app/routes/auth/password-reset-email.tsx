import { useEffect } from 'react';
import { MailCheck } from 'lucide-react';
import { authMessages, passwordResetEmailTexts, textsIn } from '@wise/shared';
import { Button, LinkButton } from '#web/components/ui/button';
import { Header } from '#web/components/ui/header';
import { Screen } from '#web/components/ui/screen';
import { toastSuccess } from '#web/components/ui/toast';
import { paths } from '#web/config/paths';
import { currentLanguage, useTexts } from '#web/lib/i18n';
import './password-reset-email.css';

/** "Check your email" (docs/product.md §2): the toast, the explanation and a shortcut to the mail app. */
export function PasswordResetEmailRoute() {
  const t = useTexts(passwordResetEmailTexts);
  useEffect(() => {
    // Once, on arrival, in the language of the moment.
    toastSuccess(textsIn(authMessages, currentLanguage()).resetLinkSent);
  }, []);

  return (
    <Screen header={<Header backTo={paths.passwordReset} />}>
      <title>{`${t.pageTitle} · Wise`}</title>
      <div className="screen__center">
        <div className="mail-badge" aria-hidden="true">
          <MailCheck size={48} strokeWidth={1.6} />
        </div>
        <h1 className="screen__title">{t.title}</h1>
        <p className="screen__text">{t.text}</p>
      </div>
      <div className="screen__actions">
        <Button
          onClick={() => {
            window.location.href = 'mailto:';
          }}
        >
          {t.openMail}
        </Button>
        <LinkButton to={paths.home} variant="secondary">
          {t.backToLogin}
        </LinkButton>
      </div>
    </Screen>
  );
}
