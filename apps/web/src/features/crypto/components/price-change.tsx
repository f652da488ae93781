import { priceChangeTexts } from '@wise/shared';
import { formatChange } from '#web/lib/format';
import { useTexts } from '#web/lib/i18n';

/** docs/product.md §9's 24 h change: 2 decimals with its sign, green when up and red when down (docs/look.md). */
export function PriceChange({ percent }: { percent: string }) {
  const t = useTexts(priceChangeTexts);
  const { text, direction } = formatChange(percent);
  const said = direction === 'up' ? t.up(text.slice(1)) : direction === 'down' ? t.down(text.slice(1)) : text;
  return (
    <span className={`price-change price-change--${direction}`} aria-label={t.label(said)}>
      {text}
    </span>
  );
}
