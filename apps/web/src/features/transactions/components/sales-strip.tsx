import { Link } from 'react-router';
import { AlertTriangle, CheckCircle2, Clock3, Send } from 'lucide-react';
import { salesSummaryTexts, type SalesSummaryResponse } from '@wise/shared';
import { LinkButton } from '#web/components/ui/button';
import { formatNaira } from '#web/lib/format';
import { useTexts } from '#web/lib/i18n';
import './sales-strip.css';

interface SalesStripProps {
  summary: SalesSummaryResponse;
  historyHref: string;
  updateBankHref: string;
  /** A failed sale's detail: the strip names it when only one failed. */
  saleHref: (id: string) => string;
}

/** Whether anything is moving or was paid today: otherwise Home shows no strip at all. */
export const salesInMotion = (s: SalesSummaryResponse) => s.waiting.count + s.paying.count + s.failed.count + s.paid_today.count > 0;

/**
 * Home's "Your sales": the customer's money in motion at a glance — what is in review, being paid,
 * paid today — and a failed payout with its fix right there ("Update bank details"), so a failure is
 * never only a number on the bell. Rows with nothing in them are left out.
 */
export function SalesStrip({ summary, historyHref, updateBankHref, saleHref }: SalesStripProps) {
  const t = useTexts(salesSummaryTexts);
  const rows = [
    { key: 'waiting', label: t.waiting, Icon: Clock3, tone: 'pending', ...summary.waiting },
    { key: 'paying', label: t.paying, Icon: Send, tone: 'paying', ...summary.paying },
    { key: 'paid', label: t.paidToday, Icon: CheckCircle2, tone: 'paid', ...summary.paid_today },
  ].filter((row) => row.count > 0);
  return (
    <section className="sales-strip" aria-labelledby="sales-strip-heading" data-testid="sales-strip">
      <div className="sales-strip__head">
        <h2 id="sales-strip-heading" className="sales-strip__title">
          {t.heading}
        </h2>
        <Link to={historyHref} className="sales-strip__all">
          {t.seeAll}
        </Link>
      </div>
      {summary.failed.count > 0 ? <FailedPayoutNotice failed={summary.failed} updateBankHref={updateBankHref} saleHref={saleHref} /> : null}
      {rows.length > 0 ? (
        <ul className="sales-strip__rows">
          {rows.map(({ key, label, Icon, tone, count, amount_kobo }) => (
            <li key={key}>
              <Link to={historyHref} className={`sales-strip__row sales-strip__row--${tone}`} data-testid={`sales-strip-${key}`}>
                <span className="sales-strip__icon">
                  <Icon size={18} aria-hidden="true" />
                </span>
                <span className="sales-strip__label">
                  {label}
                  <span className="sales-strip__count">{t.count(count)}</span>
                </span>
                <span className="sales-strip__amount">{formatNaira(amount_kobo)}</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

interface FailedPayoutNoticeProps {
  failed: SalesSummaryResponse['failed'];
  updateBankHref: string;
  saleHref: (id: string) => string;
}

/** Payouts the bank refused or sent back, with the fix where the customer sees them. */
export function FailedPayoutNotice({ failed, updateBankHref, saleHref }: FailedPayoutNoticeProps) {
  const t = useTexts(salesSummaryTexts);
  const onlyFailed = failed.count === 1 ? failed.sale_ids[0] : undefined;
  const title = (
    <>
      {t.failed} · <span className="sales-strip__amount">{formatNaira(failed.amount_kobo)}</span>
    </>
  );
  return (
    <div className="sales-strip__failed" data-testid="sales-strip-failed">
      <AlertTriangle size={20} aria-hidden="true" className="sales-strip__failed-icon" />
      <div className="sales-strip__failed-body">
        {onlyFailed ? (
          <Link to={saleHref(onlyFailed)} className="sales-strip__failed-title">
            {title}
          </Link>
        ) : (
          <p className="sales-strip__failed-title">{title}</p>
        )}
        <p className="sales-strip__failed-text">{t.failedText(failed.count)}</p>
        <LinkButton to={updateBankHref} variant="secondary" className="sales-strip__fix">
          {t.fixBank}
        </LinkButton>
      </div>
    </div>
  );
}
