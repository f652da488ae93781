import { useState } from 'react';
import { Link } from 'react-router';
import { Eye, EyeOff, History } from 'lucide-react';
import { GemGlyph } from '#web/components/ui/art/gem';
import { dashboardGemCardTexts } from '@wise/shared';
import { formatGems } from '#web/lib/format';
import { useTexts } from '#web/lib/i18n';

interface GemBalanceCardProps {
  balance: number;
  historyHref: string;
}

/** The Wise Gem balance, hidden as **** until the eye is tapped (docs/product.md §1), with a History link. */
export function GemBalanceCard({ balance, historyHref }: GemBalanceCardProps) {
  const t = useTexts(dashboardGemCardTexts);
  const [shown, setShown] = useState(false);
  return (
    <section className="gem-card" aria-label={t.label}>
      <div className="gem-card__top">
        <span>{t.label}</span>
        <button
          type="button"
          className="gem-card__eye"
          onClick={() => setShown((v) => !v)}
          aria-pressed={shown}
          aria-label={shown ? t.hide : t.show}
        >
          {shown ? <EyeOff size={20} aria-hidden="true" /> : <Eye size={20} aria-hidden="true" />}
        </button>
      </div>
      <p className="gem-card__amount" data-testid="gem-balance">
        <GemGlyph size={28} />
        {shown ? (
          <>
            {formatGems(balance)} <span className="gem-card__unit">{t.gems}</span>
          </>
        ) : (
          <span aria-label={t.hidden}>****</span>
        )}
      </p>
      <div className="gem-card__bottom">
        <Link to={historyHref} className="gem-card__link">
          <History size={18} aria-hidden="true" /> {t.history}
        </Link>
      </div>
    </section>
  );
}
