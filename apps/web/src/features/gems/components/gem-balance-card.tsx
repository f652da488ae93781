import { gemBalanceCardTexts } from '@wise/shared';
import { GemGlyph } from '#web/components/ui/art/gem';
import { Card } from '#web/components/ui/card';
import { Skeleton } from '#web/components/ui/skeleton';
import { formatGems } from '#web/lib/format';
import { useTexts } from '#web/lib/i18n';
import { useGemBalance } from '../api/get-gem-balance';
import './gems.css';

/** The spendable Wise Gem balance, straight from the ledger. */
export function GemBalanceCard() {
  const t = useTexts(gemBalanceCardTexts);
  const balance = useGemBalance();
  return (
    <Card className="gem-balance">
      <span className="gem-balance__icon">
        <GemGlyph size={28} />
      </span>
      <div className="gem-balance__text">
        <p className="gem-balance__label">{t.label}</p>
        {balance.isPending ? (
          <Skeleton width={120} height={28} />
        ) : balance.isError ? (
          <p className="gem-balance__error">
            {t.failed}{' '}
            <button type="button" className="gem-link" onClick={() => void balance.refetch()}>
              {t.retry}
            </button>
          </p>
        ) : (
          <p className="gem-balance__amount" data-testid="gem-balance">
            {formatGems(balance.data.total_points)} <span className="gem-balance__unit">{t.unit}</span>
          </p>
        )}
      </div>
    </Card>
  );
}
