import { useState } from 'react';
import { staffPasskeyMessages, type StaffPasskey } from '@wise/shared/admin';
import { Panel } from '#web/components/admin/admin-layout';
import { ConfirmCodeDialog } from '#web/components/admin/confirm-code-dialog';
import { Button } from '#web/components/ui/button';
import { DateTime } from '#web/components/ui/date-time';
import { toastSuccess } from '#web/components/ui/toast';
import { adminErrorMessage, ApiError } from '#web/lib/admin-api';
import { passkeysSupported, wasCancelled } from '../webauthn';
import { useAddStaffPasskey, useRemoveStaffPasskey, useStaffPasskeys } from '../api/passkeys';
import './passkeys-panel.css';

/**
 * The signed-in staff member's passkeys: each may be given at sign-in instead of the authenticator
 * code. Adding and removing one asks for the current code, so a session alone changes nothing.
 */
export function PasskeysPanel() {
  const list = useStaffPasskeys();
  const add = useAddStaffPasskey();
  const remove = useRemoveStaffPasskey();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<StaffPasskey>();

  return (
    <Panel title="Passkeys" className="staff-passkeys">
      <p className="admin-muted">
        Sign in with a passkey (fingerprint, face, screen lock or security key) instead of typing the authenticator code.
      </p>
      {list.isError ? (
        <p className="admin-alert" role="alert">
          {adminErrorMessage(list.error)}
        </p>
      ) : list.data?.passkeys.length === 0 ? (
        <p>No passkeys yet.</p>
      ) : (
        <ul className="admin-list" aria-label="Your passkeys">
          {list.data?.passkeys.map((passkey) => (
            <li key={passkey.id} className="admin-list__row">
              <div>
                <div className="admin-cell-title">{passkey.device_name}</div>
                <div className="admin-cell-sub">
                  Added <DateTime iso={passkey.created_at} />
                  {passkey.last_used_at ? (
                    <>
                      {' · last used '}
                      <DateTime iso={passkey.last_used_at} />
                    </>
                  ) : null}
                </div>
              </div>
              <Button type="button" variant="secondary" className="admin-btn--small" onClick={() => setRemoving(passkey)}>
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      {passkeysSupported() ? (
        <Button type="button" onClick={() => setAdding(true)}>
          Add a passkey
        </Button>
      ) : (
        <p className="admin-muted">{staffPasskeyMessages.unsupported}</p>
      )}
      <ConfirmCodeDialog
        open={adding}
        onClose={() => setAdding(false)}
        title="Add a passkey"
        description="Enter your authenticator code, then follow your browser's passkey prompt."
        confirmLabel="Continue"
        busyLabel="Waiting for your passkey..."
        codeOnly
        onConfirm={async (code) => {
          try {
            const added = await add.mutateAsync(code);
            toastSuccess(added.message);
          } catch (error) {
            // Shown in the dialog like the server's refusals (it reads an ApiError's message).
            if (wasCancelled(error)) throw new ApiError(0, { error: staffPasskeyMessages.cancelled });
            throw error;
          }
        }}
      />
      <ConfirmCodeDialog
        open={removing !== undefined}
        onClose={() => setRemoving(undefined)}
        title="Remove this passkey?"
        description={removing ? `${removing.device_name} will no longer sign you in.` : undefined}
        confirmLabel="Remove"
        busyLabel="Removing..."
        danger
        codeOnly
        onConfirm={async (code) => {
          if (!removing) return;
          const answer = await remove.mutateAsync({ id: removing.id, code });
          toastSuccess(answer.message);
        }}
      />
    </Panel>
  );
}
