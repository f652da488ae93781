import { FullNameForm } from '../../../../features/profile/components/full-name-form';
import { ProfileFormScreen } from '../../../../features/profile/components/profile-form-screen';
import { useProfileUpdated } from './use-profile-updated';

/** /profile/modifyfullname: first, middle (optional) and surname (docs/product.md §5). */
export function ModifyFullNameRoute() {
  const onUpdated = useProfileUpdated();
  return (
    <ProfileFormScreen title="Modify Full Name" intro="Enter your name as it appears on your bank account">
      {(profile) => <FullNameForm fullName={profile.full_name} onUpdated={onUpdated} />}
    </ProfileFormScreen>
  );
}
