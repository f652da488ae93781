import { GenderForm } from '../../../../features/profile/components/gender-form';
import { ProfileFormScreen } from '../../../../features/profile/components/profile-form-screen';
import { useProfileUpdated } from './use-profile-updated';

/** /profile/modifygender: male or female ('Gender is required'). */
export function ModifyGenderRoute() {
  const onUpdated = useProfileUpdated();
  return <ProfileFormScreen title="Modify Gender" intro="Choose the gender on your ID, so your details match when we pay you.">{(p) => <GenderForm current={p.gender} onUpdated={onUpdated} />}</ProfileFormScreen>;
}
