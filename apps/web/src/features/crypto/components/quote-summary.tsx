import { Clock, RefreshCw } from 'lucide-react';
import { COINS, coinArtUrl, formatRate } from '@wise/shared';
import { Button, Spinner } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { formatCoinPrice, formatNaira } from '../../../lib/format';
import { formatMinutesSeconds } from '../hooks/use-countdown';
import type { SaleQuote } from '../hooks/use-sale-quote';
import { CoinLogo } from './coin-logo';
import './crypto.css';

const REFRESH_FAILED = 'We could not get a new price. Try again';

/**
 * The quote the sale goes on with (docs/decisions.md §4): the amount, what it pays, the rate used, and how
 * long the price is held (mm:ss). When the hold ends a new price is fetched and shown for the
 * customer to confirm before anything is submitted.
 */
export function QuoteSummary({ sale }: { sale: SaleQuote }) {
  const { entry } = sale;
  if (!entry) return null;
  const { quote, replacedValueKobo } = entry;
  const { symbol } = COINS[quote.coin];

  return (
    <section className="quote" aria-label="Your sale" data-testid="quote-summary">
      <div className="quote__top">
        <CoinLogo src={coinArtUrl(quote.coin)} size={36} />
        <span className="quote__amount">
          {quote.amount} {symbol}
        </span>
        {sale.msLeft !== null && !sale.refreshing ? (
          <span className="quote__timer" role="timer" aria-label={`Price held for ${formatMinutesSeconds(sale.msLeft)}`} data-testid="quote-countdown">
            <Clock size={14} aria-hidden="true" />
            <span className="quote__timer-label">Price held</span> {formatMinutesSeconds(sale.msLeft)}
          </span>
        ) : null}
      </div>
      <p className="quote__value">
        <span className="quote__label">You get</span>
        <span className="quote__naira" data-testid="quote-value">
          {formatNaira(quote.value_kobo)}
        </span>
      </p>
      <dl className="sell-value__facts quote__facts">
        <div>
          <dt>Rate</dt>
          <dd>{formatRate(quote.rate_ngn_per_usd, 'USD')}</dd>
        </div>
        <div>
          <dt>1 {symbol}</dt>
          <dd>{formatCoinPrice(quote.price_usd)}</dd>
        </div>
      </dl>

      {sale.refreshing ? (
        <p className="quote__notice" role="status">
          <Spinner /> The price hold has ended. Getting a new price...
        </p>
      ) : sale.refreshError ? (
        <div className="quote__notice quote__notice--error" role="alert">
          <p>{errorMessage(sale.refreshError, REFRESH_FAILED)}</p>
          <Button variant="secondary" onClick={sale.retryRefresh}>
            <RefreshCw size={18} aria-hidden="true" /> Try again
          </Button>
        </div>
      ) : replacedValueKobo !== null ? (
        <div className="quote__notice" role="alert" data-testid="quote-changed">
          <p>
            The price hold ended, so we priced your {quote.amount} {symbol} again. It is now worth{' '}
            <strong>{formatNaira(quote.value_kobo)}</strong> (it was {formatNaira(replacedValueKobo)}).
          </p>
          <Button onClick={sale.accept}>Confirm new value</Button>
        </div>
      ) : null}
    </section>
  );
}
