import { AddressForm } from '../../../../features/profile/components/address-form';
import { ProfileFormScreen } from '../../../../features/profile/components/profile-form-screen';
import { useProfileUpdated } from './use-profile-updated';

/** /profile/modifyaddress ('Address is required'). */
export function ModifyAddressRoute() {
  const onUpdated = useProfileUpdated();
  return <ProfileFormScreen title="Modify Address">{(p) => <AddressForm current={p.address} onUpdated={onUpdated} />}</ProfileFormScreen>;
}
