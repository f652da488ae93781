import { Link } from 'react-router';
import { salesSummaryTexts, type SalesSummaryResponse } from '@wise/shared';
import { formatNaira } from '#web/lib/format';
import { useTexts } from '#web/lib/i18n';
import { FailedPayoutNotice } from './sales-strip';
import './sales-strip.css';

interface WalletMoneyProps {
  summary: SalesSummaryResponse;
  historyHref: string;
  updateBankHref: string;
  saleHref: (id: string) => string;
}

/**
 * The Wallet's money: what is on its way (in review or being paid) and what was paid this month,
 * then the same failed-payout notice as Home, and the whole history one tap away.
 */
export function WalletMoney({ summary, historyHref, updateBankHref, saleHref }: WalletMoneyProps) {
  const t = useTexts(salesSummaryTexts);
  const onItsWay = {
    count: summary.waiting.count + summary.paying.count,
    amount: summary.waiting.amount_kobo + summary.paying.amount_kobo,
  };
  return (
    <section className="wallet-money" aria-labelledby="wallet-money-heading" data-testid="wallet-money">
      <h2 id="wallet-money-heading" className="sales-strip__title">
        {t.moneyHeading}
      </h2>
      <dl className="wallet-money__figures">
        <div className="wallet-money__figure" data-testid="wallet-on-its-way">
          <dt>{t.onItsWay}</dt>
          <dd>
            {formatNaira(onItsWay.amount)}
            <small>{t.onItsWayText(onItsWay.count)}</small>
          </dd>
        </div>
        <div className="wallet-money__figure" data-testid="wallet-paid-month">
          <dt>{t.paidThisMonth}</dt>
          <dd>
            {formatNaira(summary.paid_this_month.amount_kobo)}
            <small>{t.paidThisMonthText(summary.paid_this_month.count)}</small>
          </dd>
        </div>
      </dl>
      {summary.failed.count > 0 ? <FailedPayoutNotice failed={summary.failed} updateBankHref={updateBankHref} saleHref={saleHref} /> : null}
      <Link to={historyHref} className="sales-strip__all">
        {t.history}
      </Link>
    </section>
  );
}
