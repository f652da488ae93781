import { PageHeader } from '#web/components/admin/page-header';
import { AdjustmentList } from '#web/features/admin-business/components/adjustment-list';
import { ManualPathPanel } from '#web/features/admin-business/components/manual-path-panel';
import { WalletTable } from '#web/features/admin-business/components/wallet-table';
import '#web/features/admin-business/components/business.css';

/** /admin/crypto: the per-coin adjustments, whether screenshot sales are open, and the wallet addresses customers send coins to. */
export function CryptoScreen() {
  return (
    <>
      <PageHeader
        title="Crypto"
        description="What customers get for each coin, and where they send it. Every change asks for your authenticator code and is audited."
      />
      <div className="biz-stack">
        <AdjustmentList />
        <ManualPathPanel />
        <WalletTable />
      </div>
    </>
  );
}
