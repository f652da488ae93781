import { useSearchParams } from 'react-router';
import { saleMessages, saleSuccessTexts } from '@wise/shared';
import { SuccessScreen } from '#web/components/ui/success-screen';
import { paths, transactionHref } from '#web/config/paths';
import { AfterSaleSummary } from '#web/features/transactions/components/after-sale-summary';
import { useTexts } from '#web/lib/i18n';

/**
 * /sellcrypto/cryptocatalogue/:coin/success?sale=<id>: docs/product.md §4 — the transaction is being
 * verified and payment is made right after; what was sold, for how much, and how long
 * reviews take now; the sale and home are one tap away.
 */
export function CryptoSellSuccessRoute() {
  const t = useTexts(saleSuccessTexts);
  const saleText = useTexts(saleMessages);
  const saleId = useSearchParams()[0].get('sale');
  const home = { label: t.goHome, to: paths.homepage };
  return (
    <SuccessScreen
      title={t.title}
      message={t.title}
      action={saleId ? { label: t.viewTransaction, to: transactionHref(saleId) } : home}
      secondary={saleId ? home : undefined}
    >
      <p className="screen__text" data-testid="sale-submitted">
        {saleText.submitted}
      </p>
      {saleId ? <AfterSaleSummary saleId={saleId} /> : null}
    </SuccessScreen>
  );
}
