import { useNavigate } from 'react-router';
import { newPhoneTexts } from '@wise/shared';
import { Header } from '#web/components/ui/header';
import { Screen, ScreenIntro } from '#web/components/ui/screen';
import { paths } from '#web/config/paths';
import { NewPhoneForm } from '#web/features/profile/components/new-phone-form';
import type { NewPhoneState } from '#web/features/profile/navigation-state';
import { useTexts } from '#web/lib/i18n';

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
