import { DateOfBirthForm } from '../../../../features/profile/components/date-of-birth-form';
import { ProfileFormScreen } from '../../../../features/profile/components/profile-form-screen';
import { useProfileUpdated } from './use-profile-updated';

/** /profile/modifydob: YYYY-MM-DD, a real past date ('Invalid Date of Birth'). */
export function ModifyDateOfBirthRoute() {
  const onUpdated = useProfileUpdated();
  return (
    <ProfileFormScreen title="Modify Date of Birth">
      {(p) => <DateOfBirthForm current={p.date_of_birth} onUpdated={onUpdated} />}
    </ProfileFormScreen>
  );
}
