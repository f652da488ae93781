import { useState } from 'react';
import { Pencil, Plus } from 'lucide-react';
import { COINS, networkName } from '@wise/shared';
import type { AdminWallet } from '@wise/shared/admin';
import { ConfirmCodeDialog } from '#web/components/admin/confirm-code-dialog';
import { DataTable, type Column } from '#web/components/admin/data-table';
import { Badge } from '#web/components/admin/status-badge';
import { Button } from '#web/components/ui/button';
import { toastSuccess } from '#web/components/ui/toast';
import { useWallets } from '../api/get-wallets';
import { useUpdateWallet } from '../api/save-wallet';
import { EnabledSwitch } from './enabled-switch';
import { WalletAddressDialog } from './wallet-address-dialog';
import { WalletWarning } from './wallet-warning';
import './business.css';
import './crypto.css';

/** Where customers send each coin: every address by coin and network, with add, edit and on/off. */
export function WalletTable() {
  const wallets = useWallets();
  const update = useUpdateWallet();
  const [editing, setEditing] = useState<{ wallet?: AdminWallet }>();
  const [toggling, setToggling] = useState<AdminWallet>();

  const columns = walletColumns({ onToggle: setToggling, onEdit: (wallet) => setEditing({ wallet }) });

  return (
    <section aria-labelledby="wallets-title">
      <h2 id="wallets-title" className="biz-section-title">
        Wallet addresses
        <Button className="admin-btn--small" onClick={() => setEditing({})}>
          <Plus size={16} aria-hidden="true" /> Add address
        </Button>
      </h2>
      <div className="biz-stack">
        <WalletWarning />
        <DataTable
          caption="Wallet addresses"
          columns={columns}
          rows={wallets.data?.wallets}
          rowKey={(wallet) => wallet.id}
          isLoading={wallets.isPending}
          error={wallets.error}
          errorMessage="Couldn't load the wallet addresses"
          onRetry={() => void wallets.refetch()}
          retrying={wallets.isRefetching}
          empty={{ title: 'No wallet addresses', text: 'Customers cannot sell coins until each coin has an enabled address.' }}
          maxHeight="none"
        />
      </div>
      {editing ? <WalletAddressDialog wallet={editing.wallet} onClose={() => setEditing(undefined)} /> : null}
      <ConfirmCodeDialog
        open={toggling !== undefined}
        onClose={() => setToggling(undefined)}
        title={toggling?.enabled ? 'Stop showing this address?' : 'Show this address to customers?'}
        description={
          toggling?.enabled
            ? 'Customers will no longer be offered this address for new sales.'
            : 'Customers will be offered this address and send their coins to it.'
        }
        confirmLabel={toggling?.enabled ? 'Disable address' : 'Enable address'}
        busyLabel="Saving..."
        danger={!toggling?.enabled}
        onConfirm={async (confirmation) => {
          if (!toggling) return;
          await update.mutateAsync({ id: toggling.id, changes: { enabled: !toggling.enabled, ...confirmation } });
          toastSuccess(toggling.enabled ? 'Address disabled' : 'Address enabled');
        }}
      >
        {toggling ? (
          <>
            <WalletWarning compact />
            <dl className="biz-summary">
              <dt>Coin · network</dt>
              <dd>
                {COINS[toggling.coin].symbol} · {networkName(toggling.network)}
              </dd>
              <dt>Address</dt>
              <dd className="biz-address">{toggling.address}</dd>
            </dl>
          </>
        ) : null}
      </ConfirmCodeDialog>
    </section>
  );
}

/** Coin and network, the address (flagged when it does not fit its network), the on/off switch and the edit button. */
function walletColumns({
  onToggle,
  onEdit,
}: {
  onToggle: (wallet: AdminWallet) => void;
  onEdit: (wallet: AdminWallet) => void;
}): Column<AdminWallet>[] {
  return [
    {
      key: 'coin',
      header: 'Coin · network',
      cell: (wallet) => (
        <>
          <span className="admin-cell-title">{COINS[wallet.coin].symbol}</span>
          <span className="admin-cell-sub">{networkName(wallet.network)}</span>
        </>
      ),
      width: 140,
    },
    {
      key: 'address',
      header: 'Address',
      cell: (wallet) => (
        <>
          <span className="biz-address">{wallet.address}</span>
          {wallet.memo ? <span className="admin-cell-sub">Memo: {wallet.memo}</span> : null}
          {wallet.address_valid ? null : (
            <span className="biz-cell-badge">
              <Badge tone="danger" title="This address does not fit its network: customers must not be sent there">
                Not a valid {networkName(wallet.network)} address
              </Badge>
            </span>
          )}
        </>
      ),
    },
    {
      key: 'enabled',
      header: 'Shown',
      cell: (wallet) => (
        <EnabledSwitch
          checked={wallet.enabled}
          label={`${COINS[wallet.coin].symbol} ${networkName(wallet.network)} address shown to customers`}
          onChange={() => onToggle(wallet)}
        />
      ),
      width: 96,
    },
    {
      key: 'actions',
      header: <span className="visually-hidden">Actions</span>,
      align: 'end',
      cell: (wallet) => (
        <Button
          variant="link"
          className="admin-btn--small"
          onClick={() => onEdit(wallet)}
          aria-label={`Edit the ${COINS[wallet.coin].symbol} ${networkName(wallet.network)} address`}
        >
          <Pencil size={16} aria-hidden="true" /> Edit
        </Button>
      ),
      width: 90,
    },
  ];
}
