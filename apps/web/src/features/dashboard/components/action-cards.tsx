import { Link } from 'react-router';
import { ArrowUpRight, Bitcoin, CreditCard } from 'lucide-react';
import './dashboard.css';

/** The two action cards (docs/product.md §1): sell gift cards and sell cryptocurrency. */
export function ActionCards({ giftCardsHref, cryptoHref }: { giftCardsHref: string; cryptoHref: string }) {
  return (
    <section className="action-cards" aria-label="Sell">
      <Link to={giftCardsHref} className="action-card action-card--gift">
        <CreditCard size={26} aria-hidden="true" />
        <span className="action-card__title">Sell Gift Cards</span>
        <span className="action-card__text">Get naira for your gift cards</span>
        <ArrowUpRight className="action-card__arrow" size={20} aria-hidden="true" />
      </Link>
      <Link to={cryptoHref} className="action-card action-card--crypto">
        <Bitcoin size={26} aria-hidden="true" />
        <span className="action-card__title">Sell Cryptocurrency</span>
        <span className="action-card__text">BTC, USDT, BNB and SOL</span>
        <ArrowUpRight className="action-card__arrow" size={20} aria-hidden="true" />
      </Link>
    </section>
  );
}
