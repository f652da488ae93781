import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { cryptoMessages, popularCryptoTexts, type TrendingCoin } from '@wise/shared';
import { FetchError } from '#web/components/ui/fetch-error';
import { Skeleton } from '#web/components/ui/skeleton';
import { toastError } from '#web/components/ui/toast';
import { cryptoHrefs } from '#web/config/paths';
import { formatCoinNairaPrice, formatCoinPrice } from '#web/lib/format';
import { useTrending } from '../api/get-trending';
import { CoinLogo } from './coin-logo';
import { PriceChange } from './price-change';
import { Sparkline } from './sparkline';
import { useTexts } from '#web/lib/i18n';
import '#web/components/ui/list.css';
import './crypto.css';

/** docs/product.md §9: the dashboard shows 5 coins before See More. */
export const POPULAR_SHOWN = 5;

// Its own chunk, fetched at the first tap on a coin we do not buy (the dashboard's budget).
const CoinSheet = lazy(() => import('./coin-sheet'));

function CoinRowContent({ coin, weBuy }: { coin: TrendingCoin; weBuy: string }) {
  return (
    <>
      <CoinLogo src={coin.image_url} />
      <span className="list__main">
        <span className="list__title coin-row__name">{coin.name}</span>
        <span className="list__sub">
          {coin.symbol.toUpperCase()}
          {/* The coins we buy, told apart from display-only ones (docs/features.md, "Crypto speaks naira"). */}
          {coin.sellable ? (
            <span className="coin-badge" data-testid="we-buy">
              {weBuy}
            </span>
          ) : null}
        </span>
      </span>
      <Sparkline values={coin.sparkline_7d} />
      <span className="coin-row__trail">
        <span className="coin-row__price">{formatCoinPrice(coin.current_price_usd)}</span>
        {coin.rate_ngn_per_usd ? (
          <span className="coin-row__naira" data-testid="coin-naira-price">
            {formatCoinNairaPrice(coin.current_price_usd, coin.rate_ngn_per_usd)}
          </span>
        ) : null}
        <PriceChange percent={coin.price_change_percentage_24h} />
      </span>
    </>
  );
}

/** A coin we buy opens its sell page; any other opens its sheet, which says we do not buy it yet. */
function CoinRow({ coin, onOpen, weBuy }: { coin: TrendingCoin; onOpen: (coin: TrendingCoin) => void; weBuy: string }) {
  return (
    <li data-testid="popular-coin">
      {coin.sellable ? (
        <Link to={cryptoHrefs.coin(coin.sellable)} className="list__row coin-row">
          <CoinRowContent coin={coin} weBuy={weBuy} />
        </Link>
      ) : (
        <button type="button" className="list__row coin-row coin-row--tap" aria-haspopup="dialog" onClick={() => onOpen(coin)}>
          <CoinRowContent coin={coin} weBuy={weBuy} />
        </button>
      )}
    </li>
  );
}

function LoadingRows({ label }: { label: string }) {
  return (
    <div className="list" aria-busy="true" aria-label={label}>
      {Array.from({ length: POPULAR_SHOWN }, (_, i) => (
        <div key={i} className="list__row coin-row">
          <Skeleton width={40} height={40} radius="50%" />
          <span className="list__main" style={{ gap: 6 }}>
            <Skeleton height={14} width="60%" />
            <Skeleton height={12} width="30%" />
          </span>
          <Skeleton width={72} height={20} />
          <span className="coin-row__trail" style={{ gap: 6 }}>
            <Skeleton height={14} width={64} />
            <Skeleton height={12} width={44} />
          </span>
        </div>
      ))}
    </div>
  );
}

/**
 * The dashboard's Popular cryptocurrency list (docs/product.md §1): 5 trending coins, then all of them with
 * See More. It loads on its own query, so the rest of the dashboard never waits for market data.
 */
export function PopularCrypto() {
  const t = useTexts(popularCryptoTexts);
  const cryptoText = useTexts(cryptoMessages);
  const trending = useTrending();
  const [expanded, setExpanded] = useState(false);
  const [opened, setOpened] = useState<TrendingCoin | null>(null);
  const listId = useId();
  const failedWithNothing = trending.isError && !trending.data;

  // docs/product.md §8: trending failures are told with the gift-card text, as a toast (and a retry below).
  useEffect(() => {
    if (failedWithNothing) toastError(cryptoText.couldNotFetchTrending);
  }, [failedWithNothing, trending.errorUpdatedAt, cryptoText]);

  let body;
  if (trending.data) {
    const { coins } = trending.data;
    const shown = expanded ? coins : coins.slice(0, POPULAR_SHOWN);
    body =
      coins.length === 0 ? (
        <p className="popular__note">{t.none}</p>
      ) : (
        <>
          <ul className="list coin-rows" id={listId} data-testid="popular-crypto">
            {shown.map((coin) => (
              <CoinRow key={coin.id} coin={coin} onOpen={setOpened} weBuy={t.weBuy} />
            ))}
          </ul>
          {coins.some((coin) => coin.rate_ngn_per_usd) ? <p className="popular__note">{t.nairaNote}</p> : null}
          {trending.data.stale ? <p className="popular__note">{cryptoText.pricesStale}</p> : null}
        </>
      );
  } else if (trending.isError) {
    body = <FetchError message={cryptoText.couldNotFetchTrending} onRetry={() => void trending.refetch()} retrying={trending.isFetching} />;
  } else {
    body = <LoadingRows label={t.loading} />;
  }

  const canExpand = (trending.data?.coins.length ?? 0) > POPULAR_SHOWN;
  return (
    <section aria-labelledby={`${listId}-title`} className="popular">
      <div className="popular__head">
        <h2 id={`${listId}-title`} className="section-title">
          {t.heading}
        </h2>
        {canExpand ? (
          <button
            type="button"
            className="popular__toggle"
            aria-expanded={expanded}
            aria-controls={listId}
            onClick={() => setExpanded((v) => !v)}
          >
            {expanded ? t.seeLess : t.seeMore}
          </button>
        ) : null}
      </div>
      {body}
      {opened ? (
        <Suspense fallback={null}>
          <CoinSheet coin={opened} onClose={() => setOpened(null)} />
        </Suspense>
      ) : null}
    </section>
  );
}
