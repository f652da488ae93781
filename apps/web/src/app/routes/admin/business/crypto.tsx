import { PageHeader } from '../../../../components/admin/page-header';
import { AdjustmentList } from '../../../../features/admin-business/components/adjustment-list';
import { WalletTable } from '../../../../features/admin-business/components/wallet-table';
import '../../../../features/admin-business/components/business.css';

/** /admin/crypto: the per-coin adjustments and the wallet addresses customers send coins to. */
export function CryptoScreen() {
  return (
    <>
      <PageHeader title="Crypto" description="What customers get for each coin, and where they send it. Every change asks for your authenticator code and is audited." />
      <div className="biz-stack">
        <AdjustmentList />
        <WalletTable />
      </div>
    </>
  );
}
