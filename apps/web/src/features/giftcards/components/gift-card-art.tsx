import type { GiftCard } from '@wise/shared';

/** A card's drawn artwork (the server's SVG: brand colour and name in type, no logos). */
export function GiftCardArt({ card, className }: { card: Pick<GiftCard, 'name' | 'image_url'>; className?: string }) {
  return (
    <img
      className={className ? `gift-art ${className}` : 'gift-art'}
      src={card.image_url}
      alt=""
      loading="lazy"
      decoding="async"
      width={160}
      height={100}
    />
  );
}
