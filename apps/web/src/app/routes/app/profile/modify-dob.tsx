import { DateOfBirthForm } from '../../../../features/profile/components/date-of-birth-form';
import { ProfileFormScreen } from '../../../../features/profile/components/profile-form-screen';
import { useProfileUpdated } from './use-profile-updated';

/** /profile/modifydob: the phone's date picker; a real past date from 1900 ('Invalid Date of Birth'). */
export function ModifyDateOfBirthRoute() {
  const onUpdated = useProfileUpdated();
  return (
    <ProfileFormScreen title="Modify Date of Birth" intro="Choose the day you were born, as it is on your ID. Tap the field to open the calendar.">
      {(p) => <DateOfBirthForm current={p.date_of_birth} onUpdated={onUpdated} />}
    </ProfileFormScreen>
  );
}
