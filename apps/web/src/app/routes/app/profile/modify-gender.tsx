import { genderFormTexts } from '@wise/shared';
import { GenderForm } from '#web/features/profile/components/gender-form';
import { ProfileFormScreen } from '#web/features/profile/components/profile-form-screen';
import { useTexts } from '#web/lib/i18n';
import { useProfileUpdated } from './use-profile-updated';

/** /profile/modifygender: male or female ('Gender is required'). */
export function ModifyGenderRoute() {
  const onUpdated = useProfileUpdated();
  const t = useTexts(genderFormTexts);
  return (
    <ProfileFormScreen title={t.title} intro={t.intro}>
      {(p) => <GenderForm current={p.gender} onUpdated={onUpdated} />}
    </ProfileFormScreen>
  );
}
