import { useState } from 'react';
import { KeyRound, Lock, LockOpen } from 'lucide-react';
import type { AdminCustomerDetail } from '@wise/shared/admin';
import { ConfirmCodeDialog } from '#web/components/admin/confirm-code-dialog';
import { Button } from '#web/components/ui/button';
import { toastSuccess } from '#web/components/ui/toast';
import { useResetCustomerPin, useUnlockCustomer } from '../api/customer-actions';
import { LockDialog } from './lock-dialog';
import './business.css';

/** Lock or unlock the account and reset the PIN: admins only, each with the authenticator code. */
export function CustomerActions({ detail }: { detail: AdminCustomerDetail }) {
  const [open, setOpen] = useState<'lock' | 'unlock' | 'pin'>();
  const unlock = useUnlockCustomer();
  const resetPin = useResetCustomerPin();
  const { profile } = detail;
  const close = () => setOpen(undefined);
  return (
    <>
      {detail.lock ? (
        <Button variant="secondary" onClick={() => setOpen('unlock')}>
          <LockOpen size={18} aria-hidden="true" /> Unlock account
        </Button>
      ) : (
        <Button variant="secondary" className="admin-btn--danger-outline" onClick={() => setOpen('lock')}>
          <Lock size={18} aria-hidden="true" /> Lock account
        </Button>
      )}
      <Button
        variant="secondary"
        onClick={() => setOpen('pin')}
        disabled={!detail.has_pin}
        title={detail.has_pin ? undefined : 'No PIN set'}
      >
        <KeyRound size={18} aria-hidden="true" /> Reset PIN
      </Button>
      {open === 'lock' ? <LockDialog customer={profile} onClose={close} /> : null}
      <ConfirmCodeDialog
        open={open === 'unlock'}
        onClose={close}
        title={`Unlock ${profile.full_name}'s account?`}
        description="They can log in again straight away."
        confirmLabel="Unlock account"
        busyLabel="Unlocking..."
        onConfirm={async (confirmation) => {
          await unlock.mutateAsync({ id: profile.id, ...confirmation });
          toastSuccess(`${profile.full_name} can log in again`);
        }}
      >
        {detail.lock ? (
          <dl className="biz-summary">
            <dt>Locked for</dt>
            <dd>{detail.lock.reason}</dd>
          </dl>
        ) : null}
      </ConfirmCodeDialog>
      <ConfirmCodeDialog
        open={open === 'pin'}
        onClose={close}
        title={`Reset ${profile.full_name}'s PIN?`}
        description="Their transaction PIN is deleted. They get a notification and an e-mail, and set a new PIN before their next transaction."
        confirmLabel="Reset PIN"
        busyLabel="Resetting..."
        danger
        onConfirm={async (confirmation) => {
          const answer = await resetPin.mutateAsync({ id: profile.id, ...confirmation });
          toastSuccess(answer.message);
        }}
      />
    </>
  );
}
