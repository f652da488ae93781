import { useNavigate } from 'react-router';
import { newEmailTexts } from '@wise/shared';
import { Header } from '#web/components/ui/header';
import { Screen, ScreenIntro } from '#web/components/ui/screen';
import { paths } from '#web/config/paths';
import { NewEmailForm } from '#web/features/profile/components/new-email-form';
import type { NewEmailState } from '#web/features/profile/navigation-state';
import { useTexts } from '#web/lib/i18n';

/** /profile/modifyemail/enternewemail ('Email is required', 'Invalid entry'); the code goes to it. */
export function ModifyEmailNewRoute() {
  const navigate = useNavigate();
  const t = useTexts(newEmailTexts);
  return (
    <Screen header={<Header backTo={paths.profileEmail} title={t.title} />}>
      <title>{`${t.newPageTitle} · Wise`}</title>
      <ScreenIntro title={t.newTitle} text={t.newIntro} />
      <NewEmailForm
        onSent={(newEmail) => {
          const state: NewEmailState = { newEmail };
          void navigate(paths.profileEmailOtp, { state });
        }}
        onConfirmationExpired={() => void navigate(paths.profileEmail, { replace: true })}
      />
    </Screen>
  );
}
