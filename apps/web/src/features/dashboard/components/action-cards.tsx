import { Link } from 'react-router';
import { ArrowUpRight, Bitcoin, CreditCard } from 'lucide-react';
import { actionCardTexts } from '@wise/shared';
import { useTexts } from '#web/lib/i18n';
import './dashboard.css';

/** The two action cards (docs/product.md §1): sell gift cards and sell cryptocurrency. */
export function ActionCards({ giftCardsHref, cryptoHref }: { giftCardsHref: string; cryptoHref: string }) {
  const t = useTexts(actionCardTexts);
  return (
    <section className="action-cards" aria-label={t.label}>
      <Link to={giftCardsHref} className="action-card action-card--gift">
        <CreditCard size={26} aria-hidden="true" />
        <span className="action-card__title">{t.giftCards}</span>
        <span className="action-card__text">{t.giftCardsText}</span>
        <ArrowUpRight className="action-card__arrow" size={20} aria-hidden="true" />
      </Link>
      <Link to={cryptoHref} className="action-card action-card--crypto">
        <Bitcoin size={26} aria-hidden="true" />
        <span className="action-card__title">{t.crypto}</span>
        <span className="action-card__text">{t.cryptoText}</span>
        <ArrowUpRight className="action-card__arrow" size={20} aria-hidden="true" />
      </Link>
    </section>
  );
}
