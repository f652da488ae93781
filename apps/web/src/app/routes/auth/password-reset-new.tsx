import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { authMessages, newPasswordTexts } from '@wise/shared';
import { LinkButton } from '#web/components/ui/button';
import { EmptyState } from '#web/components/ui/empty-state';
import { BadIcon } from '#web/components/ui/art/bad-icon';
import { Header } from '#web/components/ui/header';
import { Screen, ScreenIntro } from '#web/components/ui/screen';
import { paths } from '#web/config/paths';
import { NewPasswordForm } from '#web/features/auth/components/new-password-form';
import { useTexts } from '#web/lib/i18n';

/** New password (docs/product.md §2), reached from the e-mailed link that carries a single-use token. */
export function PasswordResetNewRoute() {
  const navigate = useNavigate();
  const t = useTexts(newPasswordTexts);
  const messages = useTexts(authMessages);
  const token = useSearchParams()[0].get('token');
  // The server's refusal is toasted; the screen then offers the only way on, a new link.
  const [refused, setRefused] = useState(false);

  return (
    <Screen header={<Header backTo={paths.login} />}>
      <title>{`${t.pageTitle} · Wise`}</title>
      {token && !refused ? (
        <>
          <ScreenIntro title={t.title} text={t.intro} />
          <NewPasswordForm
            token={token}
            onSuccess={() => void navigate(paths.passwordResetSuccess, { replace: true })}
            onLinkRefused={() => setRefused(true)}
          />
        </>
      ) : (
        <div className="screen__center" data-testid={refused ? 'reset-link-refused' : 'reset-link-incomplete'}>
          <EmptyState
            art={<BadIcon size={56} />}
            title={refused ? messages.resetLinkRefusedTitle : messages.resetLinkIncompleteTitle}
            text={refused ? messages.resetLinkRefusedText : messages.resetTokenInvalid}
            action={<LinkButton to={paths.passwordReset}>{t.newLink}</LinkButton>}
          />
        </div>
      )}
    </Screen>
  );
}
