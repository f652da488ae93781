import { fullNameFormTexts } from '@wise/shared';
import { FullNameForm } from '#web/features/profile/components/full-name-form';
import { IdentityLockedNote } from '#web/features/profile/components/identity-locked-note';
import { ProfileFormScreen } from '#web/features/profile/components/profile-form-screen';
import { useTexts } from '#web/lib/i18n';
import { useProfileUpdated } from './use-profile-updated';

/**
 * /profile/modifyfullname: first, middle (optional) and surname (docs/product.md §5), with the
 * password; only a note while a verified BVN or NIN binds the name (docs/identity.md).
 */
export function ModifyFullNameRoute() {
  const onUpdated = useProfileUpdated();
  const t = useTexts(fullNameFormTexts);
  return (
    <ProfileFormScreen title={t.title} intro={t.intro}>
      {(profile) =>
        profile.identity_locked ? <IdentityLockedNote /> : <FullNameForm fullName={profile.full_name} onUpdated={onUpdated} />
      }
    </ProfileFormScreen>
  );
}
