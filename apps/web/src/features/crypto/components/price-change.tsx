import { formatChange } from '../../../lib/format';

/** docs/product.md §9's 24 h change: 2 decimals with its sign, green when up and red when down (docs/look.md). */
export function PriceChange({ percent }: { percent: string }) {
  const { text, direction } = formatChange(percent);
  const said = direction === 'up' ? `up ${text.slice(1)}` : direction === 'down' ? `down ${text.slice(1)}` : text;
  return (
    <span className={`price-change price-change--${direction}`} aria-label={`24 hour change ${said}`}>
      {text}
    </span>
  );
}
