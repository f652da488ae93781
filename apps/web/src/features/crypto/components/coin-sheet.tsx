import { trendingCoinTexts, type TrendingCoin } from '@wise/shared';
import { BottomSheet } from '#web/components/ui/bottom-sheet';
import { Button, LinkButton } from '#web/components/ui/button';
import { paths } from '#web/config/paths';
import { formatCoinPrice } from '#web/lib/format';
import { useTexts } from '#web/lib/i18n';
import { CoinLogo } from './coin-logo';
import { PriceChange } from './price-change';
import { Sparkline } from './sparkline';
import './crypto.css';

/**
 * A popular coin we do not buy: its price, 24 h change and week, and the plain words that we do
 * not buy it yet, with the way to the coins we do. Its own chunk: the dashboard downloads it only
 * when a customer taps such a coin.
 */
export default function CoinSheet({ coin, onClose }: { coin: TrendingCoin | null; onClose: () => void }) {
  const t = useTexts(trendingCoinTexts);
  return (
    <BottomSheet open={coin !== null} onClose={onClose} title={coin ? `${coin.name} (${coin.symbol.toUpperCase()})` : ''}>
      {coin ? (
        <div className="coin-sheet" data-testid="coin-sheet">
          <div className="coin-sheet__head">
            <CoinLogo src={coin.image_url} size={48} />
            <span className="coin-sheet__week">
              <Sparkline values={coin.sparkline_7d} />
              <span className="coin-sheet__caption">{t.week}</span>
            </span>
          </div>
          <dl>
            <div className="sheet__row">
              <dt>{t.price}</dt>
              <dd>{formatCoinPrice(coin.current_price_usd)}</dd>
            </div>
            <div className="sheet__row">
              <dt>{t.change}</dt>
              <dd>
                <PriceChange percent={coin.price_change_percentage_24h} />
              </dd>
            </div>
          </dl>
          <p className="coin-sheet__note" data-testid="coin-sheet-note">
            <strong>{t.notBought(coin.name)}</strong> {t.weBuy}
          </p>
          <div className="coin-sheet__actions">
            <LinkButton to={paths.crypto}>{t.seeCoins}</LinkButton>
            <Button variant="secondary" onClick={onClose}>
              {t.close}
            </Button>
          </div>
        </div>
      ) : null}
    </BottomSheet>
  );
}
