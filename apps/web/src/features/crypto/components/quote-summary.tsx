import { Clock, RefreshCw } from 'lucide-react';
import { COINS, coinArtUrl, formatRate, quoteSummaryTexts } from '@wise/shared';
import { Button, Spinner } from '#web/components/ui/button';
import { errorMessage } from '#web/lib/api-client';
import { formatCoinPrice, formatNaira } from '#web/lib/format';
import { formatMinutesSeconds } from '../hooks/use-countdown';
import type { SaleQuote } from '../hooks/use-sale-quote';
import { CoinLogo } from './coin-logo';
import { useTexts, useTranslate } from '#web/lib/i18n';
import './crypto.css';

/**
 * The quote the sale goes on with (docs/decisions.md §4): the amount, what it pays, the rate used, and how
 * long the price is held (mm:ss). When the hold ends a new price is fetched and shown for the
 * customer to confirm before anything is submitted.
 */
export function QuoteSummary({ sale }: { sale: SaleQuote }) {
  const t = useTexts(quoteSummaryTexts);
  const translate = useTranslate();
  const { entry } = sale;
  if (!entry) return null;
  const { quote, replacedValueKobo } = entry;
  const { symbol } = COINS[quote.coin];

  return (
    <section className="quote" aria-label={t.label} data-testid="quote-summary">
      <div className="quote__top">
        <CoinLogo src={coinArtUrl(quote.coin)} size={36} />
        <span className="quote__amount">
          {quote.amount} {symbol}
        </span>
        {sale.msLeft !== null && !sale.refreshing ? (
          <span
            className="quote__timer"
            role="timer"
            aria-label={t.heldFor(formatMinutesSeconds(sale.msLeft))}
            data-testid="quote-countdown"
          >
            <Clock size={14} aria-hidden="true" />
            <span className="quote__timer-label">{t.held}</span> {formatMinutesSeconds(sale.msLeft)}
          </span>
        ) : null}
      </div>
      <p className="quote__value">
        <span className="quote__label">{t.youGet}</span>
        <span className="quote__naira" data-testid="quote-value">
          {formatNaira(quote.value_kobo)}
        </span>
      </p>
      <dl className="sell-value__facts quote__facts">
        <div>
          <dt>{t.rate}</dt>
          <dd>{formatRate(quote.rate_ngn_per_usd, 'USD')}</dd>
        </div>
        <div>
          <dt>1 {symbol}</dt>
          <dd>{formatCoinPrice(quote.price_usd)}</dd>
        </div>
      </dl>

      {sale.refreshing ? (
        <p className="quote__notice" role="status">
          <Spinner /> {t.refreshing}
        </p>
      ) : sale.refreshError ? (
        <div className="quote__notice quote__notice--error" role="alert">
          <p>{translate(errorMessage(sale.refreshError, t.refreshFailed))}</p>
          <Button variant="secondary" onClick={sale.retryRefresh}>
            <RefreshCw size={18} aria-hidden="true" /> {t.tryAgain}
          </Button>
        </div>
      ) : replacedValueKobo !== null ? (
        <div className="quote__notice" role="alert" data-testid="quote-changed">
          <p>
            {t.changed(`${quote.amount} ${symbol}`)} <strong>{formatNaira(quote.value_kobo)}</strong>{' '}
            {t.was(formatNaira(replacedValueKobo))}
          </p>
          <Button onClick={sale.accept}>{t.confirmNew}</Button>
        </div>
      ) : null}
    </section>
  );
}
