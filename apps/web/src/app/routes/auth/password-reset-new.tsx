import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { authMessages } from '@wise/shared';
import { LinkButton } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { BadIcon } from '../../../components/ui/art/bad-icon';
import { Header } from '../../../components/ui/header';
import { Screen, ScreenIntro } from '../../../components/ui/screen';
import { paths } from '../../../config/paths';
import { NewPasswordForm } from '../../../features/auth/components/new-password-form';

/** New password (docs/product.md §2), reached from the e-mailed link that carries a single-use token. */
export function PasswordResetNewRoute() {
  const navigate = useNavigate();
  const token = useSearchParams()[0].get('token');
  // The server's refusal is toasted; the screen then offers the only way on, a new link.
  const [refused, setRefused] = useState(false);

  return (
    <Screen header={<Header backTo={paths.login} />}>
      <title>Reset Password · Wise</title>
      {token && !refused ? (
        <>
          <ScreenIntro title="Reset Password" text="Choose a new password of at least 8 characters." />
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
            title={refused ? authMessages.resetLinkRefusedTitle : authMessages.resetLinkIncompleteTitle}
            text={refused ? authMessages.resetLinkRefusedText : authMessages.resetTokenInvalid}
            action={<LinkButton to={paths.passwordReset}>Request a new link</LinkButton>}
          />
        </div>
      )}
    </Screen>
  );
}
