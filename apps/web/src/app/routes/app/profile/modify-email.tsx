import { Navigate, useLocation, useNavigate } from 'react-router';
import { emailChangeRequestSchema, fetchMessages } from '@wise/shared';
import { Button } from '../../../../components/ui/button';
import { Header } from '../../../../components/ui/header';
import { Screen, ScreenIntro } from '../../../../components/ui/screen';
import { Skeleton } from '../../../../components/ui/skeleton';
import { EmailField, TextField } from '../../../../components/ui/text-field';
import { toastError, toastSuccess } from '../../../../components/ui/toast';
import { paths } from '../../../../config/paths';
import { useContact } from '../../../../features/profile/api/get-contact';
import { useRequestEmailChange } from '../../../../features/profile/api/request-email-change';
import { useVerifyEmailChange } from '../../../../features/profile/api/verify-email-change';
import { errorMessage } from '../../../../lib/api-client';
import { applyFieldErrors } from '../../../../lib/form-errors';
import { useZodForm } from '../../../../lib/use-zod-form';
import { FetchError } from '../shared/fetch-error';
import { useRefreshAccountViews } from '../shared/use-refresh-account-views';
import { ContactOtpForm } from './contact-otp-form';
import '../shared/account.css';

function newEmailFromState(state: unknown): string | undefined {
  const value = typeof state === 'object' && state !== null ? (state as { newEmail?: unknown }).newEmail : undefined;
  return typeof value === 'string' && value.includes('@') && value.length <= 100 ? value : undefined;
}

/** /profile/modifyemail: the current email; Continue stays disabled while it is empty (SPEC §2). */
export function ModifyEmailRoute() {
  const navigate = useNavigate();
  const contact = useContact();
  const email = contact.data?.email ?? '';
  return (
    <Screen header={<Header backTo={paths.profile} title="Modify Email" />}>
      <title>Modify Email · Wise</title>
      <ScreenIntro title="Modify Email" text="This is the email on your account. Continue to change it." />
      {contact.isError ? (
        <FetchError message={fetchMessages.details} onRetry={() => void contact.refetch()} retrying={contact.isFetching} />
      ) : (
        <div className="screen__form">
          {contact.isPending ? <Skeleton height={72} /> : <TextField label="Current email" value={email} readOnly />}
          <div className="screen__actions">
            <Button disabled={!email} onClick={() => navigate(paths.profileEmailNew)}>
              Continue
            </Button>
          </div>
        </div>
      )}
    </Screen>
  );
}

/** /profile/modifyemail/enternewemail ('Email is required', 'Invalid entry'); the code goes to it. */
export function ModifyEmailNewRoute() {
  const navigate = useNavigate();
  const request = useRequestEmailChange();
  const form = useZodForm(emailChangeRequestSchema, { new_email: '' });
  const submit = form.handleSubmit((input) =>
    request.mutate(input, {
      onSuccess: () => navigate(paths.profileEmailOtp, { state: { newEmail: input.new_email } }),
      onError: (error) => {
        applyFieldErrors(error, form.setError, ['new_email']);
        toastError(errorMessage(error, 'Could not send the code. Please try again'));
      },
    }),
  );
  return (
    <Screen header={<Header backTo={paths.profileEmail} title="Modify Email" />}>
      <title>New email · Wise</title>
      <ScreenIntro title="Enter new email" text="We will send a four-digit code to this address" />
      <form className="screen__form" onSubmit={submit} noValidate>
        <EmailField
          label="New email address"
          error={form.formState.errors.new_email?.message}
          {...form.field('new_email')}
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

/** /profile/modifyemail/enterOTP: the code e-mailed to the new address, then /profile/success. */
export function ModifyEmailOtpRoute() {
  const navigate = useNavigate();
  const newEmail = newEmailFromState(useLocation().state);
  const verify = useVerifyEmailChange();
  const refreshAccountViews = useRefreshAccountViews();
  const resend = useRequestEmailChange();
  if (!newEmail) return <Navigate to={paths.profileEmailNew} replace />;
  return (
    <Screen header={<Header backTo={paths.profileEmailNew} title="Modify Email" />}>
      <title>Enter OTP · Wise</title>
      <ScreenIntro title="Enter OTP" text={`Enter the four digits sent to ${newEmail}`} />
      <ContactOtpForm
        busy={verify.isPending}
        resending={resend.isPending}
        onResend={() =>
          resend.mutate(
            { new_email: newEmail },
            { onSuccess: (r) => toastSuccess(r.message), onError: (e) => toastError(errorMessage(e, 'Could not send the code')) },
          )
        }
        onSubmit={async (otp_code) => {
          const result = await verify.mutateAsync({ new_email: newEmail, otp_code });
          refreshAccountViews();
          navigate(paths.profileSuccess, { replace: true, state: { message: result.message } });
        }}
      />
    </Screen>
  );
}
