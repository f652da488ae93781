import { useNavigate } from 'react-router';
import { newPhoneTexts } from '@wise/shared';
import { Header } from '../../../../components/ui/header';
import { Screen, ScreenIntro } from '../../../../components/ui/screen';
import { paths } from '../../../../config/paths';
import { NewPhoneForm } from '../../../../features/profile/components/new-phone-form';
import type { NewPhoneState } from '../../../../features/profile/navigation-state';
import { useTexts } from '../../../../lib/i18n';

/** /profile/modifyphonenumber/enternumber: the new number; the code goes to it by SMS. */
export function ModifyPhoneNumberRoute() {
  const navigate = useNavigate();
  const t = useTexts(newPhoneTexts);
  return (
    <Screen header={<Header backTo={paths.profilePhone} title={t.title} />}>
      <title>{`${t.newPageTitle} · Wise`}</title>
      <ScreenIntro title={t.newTitle} text={t.newIntro} />
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
