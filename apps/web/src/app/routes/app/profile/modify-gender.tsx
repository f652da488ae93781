import { GenderForm } from '../../../../features/profile/components/gender-form';
import { ProfileFormScreen } from '../../../../features/profile/components/profile-form-screen';
import { useProfileUpdated } from './use-profile-updated';

/** /profile/modifygender: male or female ('Gender is required'). */
export function ModifyGenderRoute() {
  const onUpdated = useProfileUpdated();
  return <ProfileFormScreen title="Modify Gender">{(p) => <GenderForm current={p.gender} onUpdated={onUpdated} />}</ProfileFormScreen>;
}
