import { Link } from 'react-router';
import { profileMessages } from '@wise/shared';
import { paths } from '#web/config/paths';
import { useTexts } from '#web/lib/i18n';

/**
 * In place of the name or date-of-birth form while a verified BVN or NIN binds them
 * (docs/identity.md): why they cannot be edited, and the way to correct them.
 */
export function IdentityLockedNote() {
  const t = useTexts(profileMessages);
  return (
    <p className="screen__aside" role="status" data-testid="identity-locked-note">
      {t.identityLocked} <Link to={paths.verification}>{t.lockedHowToChange}</Link>
    </p>
  );
}
