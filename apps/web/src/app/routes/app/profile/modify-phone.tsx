import { Controller } from 'react-hook-form';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { confirmPasswordSchema, maskPhone, phoneChangeRequestSchema, profileMessages } from '@wise/shared';
import { Button } from '../../../../components/ui/button';
import { Header } from '../../../../components/ui/header';
import { PhoneField } from '../../../../components/ui/phone-field';
import { Screen, ScreenIntro } from '../../../../components/ui/screen';
import { PasswordField } from '../../../../components/ui/text-field';
import { toastError, toastSuccess } from '../../../../components/ui/toast';
import { paths } from '../../../../config/paths';
import { useConfirmPassword } from '../../../../features/profile/api/confirm-password';
import { useRequestPhoneChange } from '../../../../features/profile/api/request-phone-change';
import { useVerifyPhoneChange } from '../../../../features/profile/api/verify-phone-change';
import { ApiError, errorMessage } from '../../../../lib/api-client';
import { applyFieldErrors } from '../../../../lib/form-errors';
import { useZodForm } from '../../../../lib/use-zod-form';
import { ContactOtpForm } from './contact-otp-form';
import { useRefreshAccountViews } from '../shared/use-refresh-account-views';
import { ProfileFormScreen } from './profile-form-screen';

function newPhoneFromState(state: unknown): string | undefined {
  const value = typeof state === 'object' && state !== null ? (state as { newPhone?: unknown }).newPhone : undefined;
  return typeof value === 'string' && /^\+\d{10,20}$/.test(value) ? value : undefined;
}

function ConfirmPasswordForm({ phone }: { phone: string }) {
  const navigate = useNavigate();
  const confirm = useConfirmPassword();
  const form = useZodForm(confirmPasswordSchema, { password: '' });
  const submit = form.handleSubmit((input) =>
    confirm.mutate(input, {
      onSuccess: () => navigate(paths.profilePhoneNumber),
      onError: (error) => {
        applyFieldErrors(error, form.setError, ['password']);
        if (!(error instanceof ApiError && error.fields.password)) toastError(errorMessage(error, profileMessages.passwordWrong));
      },
    }),
  );
  return (
    <form className="screen__form" onSubmit={submit} noValidate>
      <p className="screen__text">
        Current number: <span className="masked-phone" data-testid="masked-phone">{maskPhone(phone)}</span>
      </p>
      <PasswordField
        label="Password"
        placeholder="Password"
        error={form.formState.errors.password?.message}
        {...form.field('password')}
      />
      <p className="screen__aside">
        <Link to={paths.passwordReset}>Forgot Password. Reset</Link>
      </p>
      <div className="screen__actions">
        <Button type="submit" busy={confirm.isPending} busyLabel="Verifying...">
          Continue
        </Button>
      </div>
    </form>
  );
}

/** /profile/modifyphonenumber: the password again first (SPEC §4, §6). */
export function ModifyPhoneRoute() {
  return (
    <ProfileFormScreen title="Modify Phone Number" intro="Enter your password to continue">
      {(profile) => <ConfirmPasswordForm phone={profile.phone} />}
    </ProfileFormScreen>
  );
}

/** /profile/modifyphonenumber/enternumber: the new number; the code goes to it by SMS. */
export function ModifyPhoneNumberRoute() {
  const navigate = useNavigate();
  const request = useRequestPhoneChange();
  const form = useZodForm(phoneChangeRequestSchema, { new_phone: '' });
  const submit = form.handleSubmit((input) =>
    request.mutate(input, {
      onSuccess: () => navigate(paths.profilePhoneOtp, { state: { newPhone: input.new_phone } }),
      onError: (error) => {
        applyFieldErrors(error, form.setError, ['new_phone']);
        toastError(errorMessage(error, 'Could not send the code. Please try again'));
        if (error instanceof ApiError && error.status === 403) navigate(paths.profilePhone, { replace: true });
      },
    }),
  );
  return (
    <Screen header={<Header backTo={paths.profilePhone} title="Modify Phone Number" />}>
      <title>New phone number · Wise</title>
      <ScreenIntro title="Enter new number" text="We will text a four-digit code to this number" />
      <form className="screen__form" onSubmit={submit} noValidate>
        <Controller
          control={form.control}
          name="new_phone"
          render={({ field }) => (
            <PhoneField
              label="New phone number"
              name={field.name}
              value={field.value}
              onChange={(value) => {
                field.onChange(value);
                form.clearErrors('new_phone');
              }}
              onBlur={field.onBlur}
              error={form.formState.errors.new_phone?.message}
              autoFocus
            />
          )}
        />
        <div className="screen__actions">
          <Button type="submit" busy={request.isPending} busyLabel="Sending...">
            Continue
          </Button>
        </div>
      </form>
    </Screen>
  );
}

/** /profile/modifyphonenumber/enterOTP: the code sent to the new number, then /profile/success. */
export function ModifyPhoneOtpRoute() {
  const navigate = useNavigate();
  const newPhone = newPhoneFromState(useLocation().state);
  const verify = useVerifyPhoneChange();
  const refreshAccountViews = useRefreshAccountViews();
  const resend = useRequestPhoneChange();
  if (!newPhone) return <Navigate to={paths.profilePhoneNumber} replace />;
  return (
    <Screen header={<Header backTo={paths.profilePhoneNumber} title="Modify Phone Number" />}>
      <title>Enter OTP · Wise</title>
      <ScreenIntro title="Enter OTP" text={`Enter the four digits sent to ${maskPhone(newPhone)}`} />
      <ContactOtpForm
        busy={verify.isPending}
        resending={resend.isPending}
        onResend={() =>
          resend.mutate(
            { new_phone: newPhone },
            { onSuccess: (r) => toastSuccess(r.message), onError: (e) => toastError(errorMessage(e, 'Could not send the code')) },
          )
        }
        onSubmit={async (otp_code) => {
          const result = await verify.mutateAsync({ new_phone: newPhone, otp_code });
          refreshAccountViews();
          navigate(paths.profileSuccess, { replace: true, state: { message: result.message } });
        }}
      />
    </Screen>
  );
}
