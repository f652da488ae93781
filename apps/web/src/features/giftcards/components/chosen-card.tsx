import { Link } from 'react-router';
import { chosenCardTexts, type GiftCard } from '@wise/shared';
import { useTexts } from '#web/lib/i18n';
import { GiftCardArt } from './gift-card-art';
import './giftcards.css';

/** The card being sold, with 'Change Card' back to the catalogue (docs/product.md §2). */
export function ChosenCard({ card, changeHref }: { card: Pick<GiftCard, 'name' | 'image_url'>; changeHref: string }) {
  const t = useTexts(chosenCardTexts);
  return (
    <section className="gift-chosen" aria-label={t.label} data-testid="chosen-card">
      <GiftCardArt card={card} className="gift-chosen__art" />
      <span className="gift-chosen__main">
        <span className="gift-chosen__label">{t.selling}</span>
        <span className="gift-chosen__name">{card.name}</span>
      </span>
      <Link to={changeHref} className="gift-chosen__change">
        {t.change}
      </Link>
    </section>
  );
}
