import { passkeyMessages as englishPasskeyMessages, passkeyTexts as englishPasskeyTexts } from '@wise/shared';
import { BottomSheet } from '#web/components/ui/bottom-sheet';
import { Button } from '#web/components/ui/button';
import { toastError, toastSuccess } from '#web/components/ui/toast';
import { errorMessage } from '#web/lib/api-client';
import { useTexts, useTranslate } from '#web/lib/i18n';
import { useAddPasskey } from '../api/passkeys';
import { answerPasskeyOffer, wasCancelled } from '../webauthn';
import './passkeys.css';

/**
 * "Sign in faster next time": offered once per device right after a password login (the session
 * is fresh, so the server lets it add a passkey). Either answer is remembered on the device.
 * Loaded only when offered, so /login/password does not carry it.
 */
export default function PasskeyOffer({ onDone }: { onDone: () => void }) {
  const add = useAddPasskey();
  const passkeyTexts = useTexts(englishPasskeyTexts);
  const passkeyMessages = useTexts(englishPasskeyMessages);
  const translate = useTranslate();
  const dismiss = () => {
    answerPasskeyOffer('dismissed');
    onDone();
  };
  const create = () =>
    add.mutate(undefined, {
      onSuccess: ({ message }) => {
        answerPasskeyOffer('created');
        toastSuccess(translate(message));
        onDone();
      },
      // Closing the browser's dialog leaves the offer open: "Not now" is the way to decline.
      onError: (error) => {
        if (!wasCancelled(error)) toastError(errorMessage(error, passkeyMessages.refused));
      },
    });

  return (
    <BottomSheet open onClose={dismiss} title={passkeyTexts.offerTitle}>
      <p className="passkey-offer__text">{passkeyTexts.offerText}</p>
      <div className="passkey-offer__actions">
        <Button busy={add.isPending} busyLabel={passkeyTexts.offerCreating} onClick={create}>
          {passkeyTexts.offerCreate}
        </Button>
        <Button variant="secondary" disabled={add.isPending} onClick={dismiss}>
          {passkeyTexts.offerLater}
        </Button>
      </div>
    </BottomSheet>
  );
}
