import { useState } from 'react';
import { COINS } from '@wise/shared';
import type { AdminWallet, UpdateWalletInput } from '@wise/shared/admin';
import { ConfirmCodeDialog } from '#web/components/admin/confirm-code-dialog';
import { Dialog } from '#web/components/admin/dialog';
import { toastSuccess } from '#web/components/ui/toast';
import { useCreateWallet, useUpdateWallet } from '../api/save-wallet';
import type { WalletFormOutput } from '../form-schemas';
import { WalletAddressForm } from './wallet-address-form';
import { WalletWarning } from './wallet-warning';
import './business.css';
import './crypto.css';

interface WalletAddressDialogProps {
  /** Absent: a new address. */
  wallet?: AdminWallet;
  onClose: () => void;
}

/** What an edit sends: only the fields that changed (the coin never does). */
function changesOf(wallet: AdminWallet, values: WalletFormOutput): Omit<UpdateWalletInput, 'confirm_code'> {
  const changes: Omit<UpdateWalletInput, 'confirm_code'> = {};
  if (values.network !== wallet.network) changes.network = values.network;
  if (values.address !== wallet.address) changes.address = values.address;
  if (values.memo !== wallet.memo) changes.memo = values.memo;
  if (values.enabled !== wallet.enabled) changes.enabled = values.enabled;
  return changes;
}

/**
 * Add or edit a wallet address in two steps: the form, then the summary with the authenticator
 * code (docs/decisions.md §8.3: a wallet address needs a second confirmation). Cancelling the code goes
 * back to the form with what was typed.
 */
export function WalletAddressDialog({ wallet, onClose }: WalletAddressDialogProps) {
  const create = useCreateWallet();
  const update = useUpdateWallet();
  const [step, setStep] = useState<{ kind: 'form'; draft?: WalletFormOutput } | { kind: 'confirm'; values: WalletFormOutput }>({
    kind: 'form',
  });

  if (step.kind === 'form') {
    return (
      <Dialog open onClose={onClose} title={wallet ? 'Edit wallet address' : 'Add a wallet address'} wide>
        <WalletAddressForm
          wallet={wallet}
          draft={step.draft}
          onSubmit={(values) => {
            // An edit that changes nothing needs no code.
            if (wallet && Object.keys(changesOf(wallet, values)).length === 0) return onClose();
            setStep({ kind: 'confirm', values });
          }}
          onCancel={onClose}
        />
      </Dialog>
    );
  }

  const { values } = step;
  const coin = COINS[values.coin];
  const addressChanged = wallet !== undefined && wallet.address !== values.address;
  return (
    <ConfirmCodeDialog
      open
      onClose={() => setStep({ kind: 'form', draft: values })}
      title={wallet ? 'Save this wallet address?' : 'Add this wallet address?'}
      confirmLabel={wallet ? 'Save address' : 'Add address'}
      busyLabel="Saving..."
      danger
      onConfirm={async (confirmation) => {
        if (wallet) {
          await update.mutateAsync({ id: wallet.id, changes: { ...changesOf(wallet, values), ...confirmation } });
        } else {
          await create.mutateAsync({ ...values, ...confirmation });
        }
        toastSuccess(`${coin.symbol} address on ${values.network} saved`);
        onClose();
      }}
    >
      <WalletWarning />
      <dl className="biz-summary">
        <dt>Coin</dt>
        <dd>
          {coin.name} ({coin.symbol})
        </dd>
        <dt>Network</dt>
        <dd>{values.network}</dd>
        {addressChanged ? (
          <>
            <dt>Old address</dt>
            <dd className="biz-address">
              <del>{wallet.address}</del>
            </dd>
          </>
        ) : null}
        <dt>{addressChanged ? 'New address' : 'Address'}</dt>
        <dd className="biz-address" data-testid="confirm-address">
          {values.address}
        </dd>
        {values.memo ? (
          <>
            <dt>Memo / tag</dt>
            <dd className="biz-address">{values.memo}</dd>
          </>
        ) : null}
        <dt>Shown to customers</dt>
        <dd>{values.enabled ? 'Yes' : 'No (disabled)'}</dd>
      </dl>
    </ConfirmCodeDialog>
  );
}
