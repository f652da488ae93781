import { useSearchParams } from 'react-router';
import { saleMessages } from '@wise/shared';
import { SuccessScreen } from '../../../../components/ui/success-screen';
import { paths, transactionHref } from '../../../../config/paths';
import { AfterSaleSummary } from '../../../../features/transactions/components/after-sale-summary';

/**
 * /sellcrypto/cryptocatalogue/:coin/success?sale=<id>: docs/product.md §4 — the transaction is being
 * verified and payment is made right after; what was sold, for how much, and how long
 * reviews take now; the sale and home are one tap away.
 */
export function CryptoSellSuccessRoute() {
  const saleId = useSearchParams()[0].get('sale');
  const home = { label: 'Go to Home', to: paths.homepage };
  return (
    <SuccessScreen
      title="Sale submitted"
      message="Sale submitted"
      action={saleId ? { label: 'View transaction', to: transactionHref(saleId) } : home}
      secondary={saleId ? home : undefined}
    >
      <p className="screen__text" data-testid="sale-submitted">
        {saleMessages.submitted}
      </p>
      {saleId ? <AfterSaleSummary saleId={saleId} /> : null}
    </SuccessScreen>
  );
}
