import { dateOfBirthFormTexts } from '@wise/shared';
import { DateOfBirthForm } from '#web/features/profile/components/date-of-birth-form';
import { IdentityLockedNote } from '#web/features/profile/components/identity-locked-note';
import { ProfileFormScreen } from '#web/features/profile/components/profile-form-screen';
import { useTexts } from '#web/lib/i18n';
import { useProfileUpdated } from './use-profile-updated';

/** /profile/modifydob: the phone's date picker; a real past date from 1900 ('Invalid Date of Birth'). */
export function ModifyDateOfBirthRoute() {
  const onUpdated = useProfileUpdated();
  const t = useTexts(dateOfBirthFormTexts);
  return (
    <ProfileFormScreen title={t.title} intro={t.intro}>
      {(p) => (p.identity_locked ? <IdentityLockedNote /> : <DateOfBirthForm current={p.date_of_birth} onUpdated={onUpdated} />)}
    </ProfileFormScreen>
  );
}
