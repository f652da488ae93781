import { Link } from 'react-router';
import { ChevronRight } from 'lucide-react';
import { coinListTexts, type Coin, type CoinId } from '@wise/shared';
import { Skeleton } from '#web/components/ui/skeleton';
import { formatCoinNairaPrice, formatCoinPrice } from '#web/lib/format';
import { CoinLogo } from './coin-logo';
import { PriceChange } from './price-change';
import { useTexts } from '#web/lib/i18n';
import '#web/components/ui/list.css';
import './crypto.css';

interface CoinListProps {
  coins: readonly Coin[];
  /** Where each coin's sell page is. */
  hrefFor: (id: CoinId) => string;
}

/**
 * The coins a customer can sell (docs/product.md §1), each with its price (5 significant digits),
 * its naira price at what we pay for it, and its 24 h change.
 */
export function CoinList({ coins, hrefFor }: CoinListProps) {
  const t = useTexts(coinListTexts);
  return (
    <>
      <ul className="list" data-testid="coin-list">
        {coins.map((coin) => (
          <li key={coin.id}>
            <Link to={hrefFor(coin.id)} className="list__row coin-row">
              <CoinLogo src={coin.image_url} />
              <span className="list__main">
                <span className="list__title coin-row__name">{coin.name}</span>
                <span className="list__sub">{coin.symbol}</span>
              </span>
              <span className="coin-row__trail">
                <span className="coin-row__price">{formatCoinPrice(coin.current_price_usd)}</span>
                <span className="coin-row__naira" data-testid="coin-naira-price">
                  {formatCoinNairaPrice(coin.current_price_usd, coin.rate_ngn_per_usd)}
                </span>
                <PriceChange percent={coin.price_change_percentage_24h} />
              </span>
              <ChevronRight className="list__trail" size={20} aria-hidden="true" />
            </Link>
          </li>
        ))}
      </ul>
      <p className="coin-note">{t.nairaNote}</p>
    </>
  );
}

export function CoinListSkeleton({ rows = 4 }: { rows?: number }) {
  const t = useTexts(coinListTexts);
  return (
    <div className="list" aria-busy="true" aria-label={t.loading}>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="list__row coin-row">
          <Skeleton width={40} height={40} radius="50%" />
          <span className="list__main" style={{ gap: 6 }}>
            <Skeleton height={14} width="50%" />
            <Skeleton height={12} width="25%" />
          </span>
          <span className="coin-row__trail" style={{ gap: 6 }}>
            <Skeleton height={14} width={64} />
            <Skeleton height={12} width={44} />
          </span>
        </div>
      ))}
    </div>
  );
}
