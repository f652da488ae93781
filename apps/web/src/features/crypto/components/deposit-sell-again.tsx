import { RotateCcw } from 'lucide-react';
import { depositScreenTexts, type CoinId } from '@wise/shared';
import { LinkButton } from '#web/components/ui/button';
import { cryptoHrefs } from '#web/config/paths';
import { useTexts } from '#web/lib/i18n';
import './deposit.css';

/**
 * Under a deposit that took the quote: the sale it was for is this deposit now (the server honours a
 * quote once), so the way to sell more is a new sale with a fresh price. The main action once the
 * deposit's outcome is known; a quieter one while it is still on its way.
 */
export function DepositSellAgain({ coin, finished }: { coin: CoinId; finished: boolean }) {
  const t = useTexts(depositScreenTexts);
  return (
    <div className="deposit-again" data-testid="deposit-sell-again">
      <p className="deposit-again__text">{t.sellMore}</p>
      <LinkButton variant={finished ? 'primary' : 'secondary'} to={cryptoHrefs.coin(coin)}>
        <RotateCcw size={18} aria-hidden="true" /> {t.sellAgain}
      </LinkButton>
    </div>
  );
}
