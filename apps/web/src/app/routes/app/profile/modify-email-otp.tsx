import { Navigate, useLocation } from 'react-router';
import { emailOtpTexts } from '@wise/shared';
import { Header } from '#web/components/ui/header';
import { Screen, ScreenIntro } from '#web/components/ui/screen';
import { toastError, toastSuccess } from '#web/components/ui/toast';
import { paths } from '#web/config/paths';
import { useRequestEmailChange } from '#web/features/profile/api/request-email-change';
import { useVerifyEmailChange } from '#web/features/profile/api/verify-email-change';
import { ContactOtpForm } from '#web/features/profile/components/contact-otp-form';
import { readNewEmail } from '#web/features/profile/navigation-state';
import { errorMessage } from '#web/lib/api-client';
import { useTexts } from '#web/lib/i18n';
import { useProfileUpdated } from './use-profile-updated';

/** /profile/modifyemail/enterOTP: the code e-mailed to the new address, then /profile/success. */
export function ModifyEmailOtpRoute() {
  const newEmail = readNewEmail(useLocation().state);
  const verify = useVerifyEmailChange();
  const resend = useRequestEmailChange();
  const onUpdated = useProfileUpdated();
  const t = useTexts(emailOtpTexts);
  if (!newEmail) return <Navigate to={paths.profileEmailNew} replace />;
  return (
    <Screen header={<Header backTo={paths.profileEmailNew} title={t.title} />}>
      <title>{`${t.otpTitle} · Wise`}</title>
      <ScreenIntro title={t.otpTitle} text={t.otpIntro(newEmail)} />
      <ContactOtpForm
        busy={verify.isPending}
        resending={resend.isPending}
        onResend={() =>
          resend.mutate(
            { new_email: newEmail },
            { onSuccess: (r) => toastSuccess(r.message), onError: (e) => toastError(errorMessage(e, t.resendFailed)) },
          )
        }
        onSubmit={async (otp_code) => {
          const result = await verify.mutateAsync({ new_email: newEmail, otp_code });
          onUpdated(result.message);
        }}
      />
    </Screen>
  );
}
