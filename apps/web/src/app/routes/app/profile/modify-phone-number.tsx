import { useNavigate } from 'react-router';
import { Header } from '../../../../components/ui/header';
import { Screen, ScreenIntro } from '../../../../components/ui/screen';
import { paths } from '../../../../config/paths';
import { NewPhoneForm } from '../../../../features/profile/components/new-phone-form';
import type { NewPhoneState } from '../../../../features/profile/navigation-state';

/** /profile/modifyphonenumber/enternumber: the new number; the code goes to it by SMS. */
export function ModifyPhoneNumberRoute() {
  const navigate = useNavigate();
  return (
    <Screen header={<Header backTo={paths.profilePhone} title="Modify Phone Number" />}>
      <title>New phone number · Wise</title>
      <ScreenIntro title="Enter new number" text="We will text a four-digit code to this number" />
      <NewPhoneForm
        onSent={(newPhone) => {
          const state: NewPhoneState = { newPhone };
          void navigate(paths.profilePhoneOtp, { state });
        }}
        onConfirmationExpired={() => void navigate(paths.profilePhone, { replace: true })}
      />
    </Screen>
  );
}
