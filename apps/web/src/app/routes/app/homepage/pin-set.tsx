import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { fetchMessages as englishFetchMessages, pinMessages as englishPinMessages, pinScreenTexts } from '@wise/shared';
import { FetchError } from '#web/components/ui/fetch-error';
import { Header } from '#web/components/ui/header';
import { Screen, ScreenIntro } from '#web/components/ui/screen';
import { Skeleton } from '#web/components/ui/skeleton';
import { paths } from '#web/config/paths';
import { useBankDetails } from '#web/features/bank/api/get-bank-details';
import { usePinStatus } from '#web/features/pin/api/get-pin-status';
import { ConfirmPasswordForm } from '#web/features/profile/components/confirm-password-form';
import { CurrentPinForm } from '#web/features/pin/components/current-pin-form';
import { NewPinForm } from '#web/features/pin/components/new-pin-form';
import { pinDraft } from '#web/features/pin/pin-draft';
import { useTexts } from '#web/lib/i18n';
import '../common/account.css';

/**
 * /homepage/pinset: enter the PIN (docs/product.md §2), then confirm it on /homepage/confirmpinset.
 * Changing an existing PIN starts with the current one (a deviation: the product rules let anyone overwrite it).
 * A first PIN once bank details exist starts with the password (a deviation too): the PIN can move
 * payouts, so the session cookie alone must not set it.
 */
export function PinSetRoute() {
  const navigate = useNavigate();
  const location = useLocation();
  const status = usePinStatus();
  const t = useTexts(pinScreenTexts);
  const pinMessages = useTexts(englishPinMessages);
  const fetchMessages = useTexts(englishFetchMessages);
  const bank = useBankDetails();
  const [currentPin, setCurrentPin] = useState<string>();
  const [passwordConfirmed, setPasswordConfirmed] = useState(false);
  // The confirm screen sends the customer back here when the server asked for the password.
  const askedForPassword = (location.state as { reauth?: boolean } | null)?.reauth === true;
  const pending = status.data?.pin_status === 'pending';
  const needsPassword = pending && !passwordConfirmed && (askedForPassword || Boolean(bank.data?.bank_account));

  let body;
  if (status.isPending || (pending && bank.isPending && !askedForPassword)) {
    body = (
      <div aria-busy="true" aria-label={t.loading}>
        <Skeleton height={28} width="60%" />
        <Skeleton height={56} />
      </div>
    );
  } else if (status.isError) {
    body = <FetchError message={fetchMessages.pinStatus} onRetry={() => void status.refetch()} retrying={status.isFetching} />;
  } else if (needsPassword) {
    body = (
      <>
        <ScreenIntro title={pinMessages.passwordStepTitle} text={pinMessages.passwordStepText} />
        <ConfirmPasswordForm onConfirmed={() => setPasswordConfirmed(true)} />
      </>
    );
  } else if (status.data.pin_status === 'set' && currentPin === undefined) {
    body = (
      <>
        <ScreenIntro title={t.currentTitle} text={t.currentIntro} />
        <CurrentPinForm onVerified={setCurrentPin} />
      </>
    );
  } else {
    body = (
      <>
        <ScreenIntro title={status.data.pin_status === 'set' ? t.newTitle : t.setTitle} text={t.newIntro} />
        <NewPinForm
          onChosen={(pin) => {
            pinDraft.set({ pin, currentPin });
            void navigate(paths.pinConfirm);
          }}
        />
      </>
    );
  }

  return (
    <Screen header={<Header backTo={paths.homepage} title={t.title} />}>
      <title>{`${t.title} · Wise`}</title>
      {body}
    </Screen>
  );
}
