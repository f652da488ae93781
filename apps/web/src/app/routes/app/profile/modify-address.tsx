import { addressFormTexts } from '@wise/shared';
import { AddressForm } from '#web/features/profile/components/address-form';
import { ProfileFormScreen } from '#web/features/profile/components/profile-form-screen';
import { useTexts } from '#web/lib/i18n';
import { useProfileUpdated } from './use-profile-updated';

/** /profile/modifyaddress ('Address is required'). */
export function ModifyAddressRoute() {
  const onUpdated = useProfileUpdated();
  const t = useTexts(addressFormTexts);
  return <ProfileFormScreen title={t.title}>{(p) => <AddressForm current={p.address} onUpdated={onUpdated} />}</ProfileFormScreen>;
}
