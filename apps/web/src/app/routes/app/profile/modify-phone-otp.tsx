import { Navigate, useLocation } from 'react-router';
import { maskPhone, phoneOtpTexts } from '@wise/shared';
import { Header } from '#web/components/ui/header';
import { Screen, ScreenIntro } from '#web/components/ui/screen';
import { toastError, toastSuccess } from '#web/components/ui/toast';
import { paths } from '#web/config/paths';
import { useRequestPhoneChange } from '#web/features/profile/api/request-phone-change';
import { useVerifyPhoneChange } from '#web/features/profile/api/verify-phone-change';
import { ContactOtpForm } from '#web/features/profile/components/contact-otp-form';
import { readNewPhone } from '#web/features/profile/navigation-state';
import { errorMessage } from '#web/lib/api-client';
import { useTexts } from '#web/lib/i18n';
import { useProfileUpdated } from './use-profile-updated';

/** /profile/modifyphonenumber/enterOTP: the code sent to the new number, then /profile/success. */
export function ModifyPhoneOtpRoute() {
  const newPhone = readNewPhone(useLocation().state);
  const verify = useVerifyPhoneChange();
  const resend = useRequestPhoneChange();
  const onUpdated = useProfileUpdated();
  const t = useTexts(phoneOtpTexts);
  if (!newPhone) return <Navigate to={paths.profilePhoneNumber} replace />;
  return (
    <Screen header={<Header backTo={paths.profilePhoneNumber} title={t.title} />}>
      <title>{`${t.otpTitle} · Wise`}</title>
      <ScreenIntro title={t.otpTitle} text={t.otpIntro(maskPhone(newPhone))} />
      <ContactOtpForm
        busy={verify.isPending}
        resending={resend.isPending}
        onResend={() =>
          resend.mutate(
            { new_phone: newPhone },
            { onSuccess: (r) => toastSuccess(r.message), onError: (e) => toastError(errorMessage(e, t.resendFailed)) },
          )
        }
        onSubmit={async (otp_code) => {
          const result = await verify.mutateAsync({ new_phone: newPhone, otp_code });
          onUpdated(result.message);
        }}
      />
    </Screen>
  );
}
