import { useEffect } from 'react';
import { MailCheck } from 'lucide-react';
import { authMessages } from '@wise/shared';
import { Button, LinkButton } from '../../../components/ui/button';
import { Header } from '../../../components/ui/header';
import { Screen } from '../../../components/ui/screen';
import { toastSuccess } from '../../../components/ui/toast';
import { paths } from '../../../config/paths';
import './password-reset-email.css';

/** "Check your email" (docs/product.md §2): the toast, the explanation and a shortcut to the mail app. */
export function PasswordResetEmailRoute() {
  useEffect(() => {
    toastSuccess(authMessages.resetLinkSent);
  }, []);

  return (
    <Screen header={<Header backTo={paths.passwordReset} />}>
      <title>Check your email · Wise</title>
      <div className="screen__center">
        <div className="mail-badge" aria-hidden="true">
          <MailCheck size={48} strokeWidth={1.6} />
        </div>
        <h1 className="screen__title">Check your email</h1>
        <p className="screen__text">
          If an account uses that address, we have sent it a link to reset your password. The link works once
          and expires in 30 minutes.
        </p>
      </div>
      <div className="screen__actions">
        <Button
          onClick={() => {
            window.location.href = 'mailto:';
          }}
        >
          Open email app
        </Button>
        <LinkButton to={paths.home} variant="secondary">
          Return to login
        </LinkButton>
      </div>
    </Screen>
  );
}
