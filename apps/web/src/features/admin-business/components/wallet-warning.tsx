import { TriangleAlert } from 'lucide-react';
import './crypto.css';

/** Said on every screen and dialog that changes a wallet address: a wrong one loses customers' coins. */
export function WalletWarning({ compact = false }: { compact?: boolean }) {
  return (
    <div className="biz-warning" role="note">
      <TriangleAlert size={18} aria-hidden="true" />
      <p>
        <strong>This changes where customers send coins.</strong>
        {compact
          ? ' Coins sent to a wrong address are lost. Check every character.'
          : ' Customers copy these addresses and send their coins to them. Coins sent to a wrong address cannot be recovered — check every character against the wallet before you save.'}
      </p>
    </div>
  );
}
