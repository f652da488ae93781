import { useState } from 'react';
import { passkeyMessages as englishPasskeyMessages, passkeyTexts as englishPasskeyTexts } from '@wise/shared';
import { Button } from '#web/components/ui/button';
import { dismissToasts, toastError } from '#web/components/ui/toast';
import { errorMessage } from '#web/lib/api-client';
import { useTexts } from '#web/lib/i18n';
import { passkeysSupported, wasCancelled } from '../webauthn';
import './passkeys.css';

/**
 * "Sign in with a passkey" on /login: usernameless, the browser offers the passkeys it holds for
 * Wise. The API calls and SimpleWebAuthn are fetched at the tap, so /login itself stays light.
 */
export function PasskeySignInButton({ onSignedIn }: { onSignedIn: () => void }) {
  const [busy, setBusy] = useState(false);
  const passkeyTexts = useTexts(englishPasskeyTexts);
  const passkeyMessages = useTexts(englishPasskeyMessages);
  const [supported] = useState(passkeysSupported);
  if (!supported) return null;

  const signIn = async () => {
    setBusy(true);
    try {
      const { signInWithPasskey } = await import('../api/passkeys');
      await signInWithPasskey();
      dismissToasts();
      onSignedIn();
    } catch (error) {
      if (!wasCancelled(error)) toastError(errorMessage(error, passkeyMessages.refused));
      setBusy(false);
    }
  };

  return (
    <Button variant="secondary" className="passkey-sign-in" busy={busy} busyLabel={passkeyTexts.signingIn} onClick={() => void signIn()}>
      {passkeyTexts.signIn}
    </Button>
  );
}
