import { fullNameFormTexts } from '@wise/shared';
import { FullNameForm } from '../../../../features/profile/components/full-name-form';
import { ProfileFormScreen } from '../../../../features/profile/components/profile-form-screen';
import { useTexts } from '../../../../lib/i18n';
import { useProfileUpdated } from './use-profile-updated';

/** /profile/modifyfullname: first, middle (optional) and surname (docs/product.md §5). */
export function ModifyFullNameRoute() {
  const onUpdated = useProfileUpdated();
  const t = useTexts(fullNameFormTexts);
  return (
    <ProfileFormScreen title={t.title} intro={t.intro}>
      {(profile) => <FullNameForm fullName={profile.full_name} onUpdated={onUpdated} />}
    </ProfileFormScreen>
  );
}
