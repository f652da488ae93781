import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { setPinSchema } from '@wise/shared';
import { Button } from '../../../../components/ui/button';
import { Header } from '../../../../components/ui/header';
import { Screen, ScreenIntro } from '../../../../components/ui/screen';
import { toastError } from '../../../../components/ui/toast';
import { paths } from '../../../../config/paths';
import { useSetPin } from '../../../../features/pin/api/set-pin';
import { PinField } from '../../../../components/ui/code-field';
import { pinDraft } from '../../../../features/pin/pin-draft';
import { applyFieldErrors } from '../../../../lib/form-errors';
import { errorMessage } from '../../../../lib/api-client';
import { useZodForm } from '../../../../lib/use-zod-form';
import { useRefreshAccountViews } from '../shared/use-refresh-account-views';

/** /homepage/confirmpinset: the PIN again ('Pin does not match'), then 'Set' / 'Setting...'. */
export function PinConfirmRoute() {
  const navigate = useNavigate();
  // Read once: the module copy is cleared on success, this screen keeps its own until it leaves.
  const [draft] = useState(() => pinDraft.get());
  const setPin = useSetPin();
  const refreshAccountViews = useRefreshAccountViews();
  const form = useZodForm(setPinSchema, { pin: draft?.pin ?? '', confirm_pin: '', current_pin: draft?.currentPin });
  // Reached without a PIN from the first screen (reload, direct visit): start there.
  if (!draft) return <Navigate to={paths.pinSet} replace />;

  const submit = form.handleSubmit((input) =>
    setPin.mutate(input, {
      onSuccess: () => {
        pinDraft.clear();
        refreshAccountViews();
        navigate(paths.pinSuccess, { replace: true });
      },
      onError: (error) => {
        form.setValue('confirm_pin', '');
        applyFieldErrors(error, form.setError, ['confirm_pin']);
        toastError(errorMessage(error, 'Could not set your PIN. Please try again'));
      },
    }),
    // A confirmation that does not match is typed again from the first box.
    () => form.setValue('confirm_pin', ''),
  );

  return (
    <Screen header={<Header backTo={paths.pinSet} title="Transaction PIN" />}>
      <title>Confirm PIN · Wise</title>
      <ScreenIntro title="Confirm PIN" text="Enter the same four digits again" />
      <form className="screen__form" onSubmit={submit} noValidate>
        <PinField
          control={form.control}
          name="confirm_pin"
          label="Confirm PIN"
          error={form.formState.errors.confirm_pin?.message ?? form.formState.errors.pin?.message}
          onEdit={() => form.clearErrors()}
        />
        <div className="screen__actions">
          <Button type="submit" busy={setPin.isPending} busyLabel="Setting...">
            Set
          </Button>
        </div>
      </form>
    </Screen>
  );
}
