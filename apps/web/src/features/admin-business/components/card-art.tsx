import type { AdminGiftCard } from '@wise/shared/admin';
import './card-art.css';

/** The card's uploaded picture (staff URL, versioned so a replaced picture shows at once) or its drawn artwork. */
export function uploadedImageUrl(card: Pick<AdminGiftCard, 'image_url' | 'updated_at'>): string | null {
  if (!card.image_url) return null;
  return `${card.image_url}${card.image_url.includes('?') ? '&' : '?'}v=${encodeURIComponent(card.updated_at)}`;
}

/**
 * A card as customers see it. Without an uploaded picture customers get artwork drawn in the
 * brand colour with the name in type; it is drawn here the same way (the customers' art route
 * takes a customer session, which staff do not have).
 */
export function CardArt({ card, size = 'large', previewUrl }: { card: AdminGiftCard; size?: 'small' | 'large'; previewUrl?: string }) {
  const src = previewUrl ?? uploadedImageUrl(card);
  return (
    <span className={`biz-art biz-art--${size}`} style={{ background: card.brand_color }}>
      {src ? (
        <img
          src={src}
          alt={previewUrl ? `New picture for ${card.name} (not saved yet)` : size === 'large' ? `${card.name} as customers see it` : ''}
        />
      ) : size === 'large' ? (
        <span className="biz-art__name">{card.name}</span>
      ) : null}
    </span>
  );
}
