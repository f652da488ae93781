import { useNavigate } from 'react-router';
import { Header } from '../../../../components/ui/header';
import { Screen, ScreenIntro } from '../../../../components/ui/screen';
import { paths } from '../../../../config/paths';
import { NewEmailForm } from '../../../../features/profile/components/new-email-form';
import type { NewEmailState } from '../../../../features/profile/navigation-state';

/** /profile/modifyemail/enternewemail ('Email is required', 'Invalid entry'); the code goes to it. */
export function ModifyEmailNewRoute() {
  const navigate = useNavigate();
  return (
    <Screen header={<Header backTo={paths.profileEmail} title="Modify Email" />}>
      <title>New email · Wise</title>
      <ScreenIntro title="Enter new email" text="We will send a four-digit code to this address" />
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
