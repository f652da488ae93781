import { useState } from 'react';
import { staffPasskeyMessages } from '@wise/shared/admin';
import { Button } from '#web/components/ui/button';
import { adminErrorMessage } from '#web/lib/admin-api';
import { wasCancelled } from '../webauthn';
import { useStaffPasskeySignIn } from '../api/passkeys';

/** At /admin/verify, for a staff member with a passkey: given instead of the authenticator code. */
export function PasskeySignIn({ onDone }: { onDone: () => void }) {
  const signIn = useStaffPasskeySignIn();
  const [failure, setFailure] = useState<string>();
  return (
    <div className="admin-form">
      <Button
        type="button"
        busy={signIn.isPending}
        busyLabel="Waiting for your passkey..."
        onClick={() => {
          setFailure(undefined);
          signIn.mutate(undefined, {
            onSuccess: onDone,
            onError: (error) =>
              setFailure(wasCancelled(error) ? staffPasskeyMessages.cancelled : adminErrorMessage(error, staffPasskeyMessages.refused)),
          });
        }}
      >
        Use a passkey
      </Button>
      {failure ? (
        <p className="admin-alert" role="alert">
          {failure}
        </p>
      ) : null}
      <p className="admin-muted">Or enter the code from your authenticator app:</p>
    </div>
  );
}
