/**
 * The product's own artwork for a gift card (the catalogue's `image_url`): a card in the brand's
 * colour with the brand's name set in type. No third-party logo is drawn, stored or fetched.
 */

const WIDTH = 320;
const HEIGHT = 200;
/** Room the name may take across the card, leaving the margins. */
const NAME_WIDTH_PX = 264;

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

/** WCAG relative luminance of `#rrggbb`. */
function luminance(hex: string): number {
  const channel = (offset: number) => {
    const value = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** White type on dark cards, near-black on light ones: whichever reads better. */
export function inkFor(brandColor: string): string {
  const background = luminance(brandColor);
  const contrastWithWhite = 1.05 / (background + 0.05);
  const contrastWithInk = (background + 0.05) / (luminance('#111827') + 0.05);
  return contrastWithWhite >= contrastWithInk ? '#ffffff' : '#111827';
}

/** Type size that fits the name on one line (an average glyph is ~0.58 em wide). */
const nameSize = (name: string) => Math.max(16, Math.min(40, Math.floor(NAME_WIDTH_PX / (0.58 * Math.max(1, name.length)))));

export interface CardArtInput {
  name: string;
  brandColor: string;
  currency: string;
}

export function renderCardArt({ name, brandColor, currency }: CardArtInput): string {
  if (!/^#[0-9a-f]{6}$/.test(brandColor)) throw new RangeError(`brand colour must be #rrggbb: ${brandColor}`);
  const ink = inkFor(brandColor);
  const size = nameSize(name);
  const label = escapeXml(name);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-label="${label} gift card">`,
    '<defs><linearGradient id="sheen" x1="0" y1="0" x2="1" y2="1">',
    '<stop offset="0" stop-color="#ffffff" stop-opacity="0.22"/><stop offset="1" stop-color="#000000" stop-opacity="0.18"/>',
    '</linearGradient></defs>',
    `<rect width="${WIDTH}" height="${HEIGHT}" rx="18" fill="${brandColor}"/>`,
    `<rect width="${WIDTH}" height="${HEIGHT}" rx="18" fill="url(#sheen)"/>`,
    `<circle cx="${WIDTH - 30}" cy="-10" r="90" fill="${ink}" fill-opacity="0.08"/>`,
    `<circle cx="${WIDTH + 10}" cy="${HEIGHT - 20}" r="70" fill="${ink}" fill-opacity="0.06"/>`,
    `<rect x="28" y="30" width="42" height="32" rx="6" fill="${ink}" fill-opacity="0.25"/>`,
    `<text x="28" y="${HEIGHT / 2 + size / 3 + 6}" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif" font-size="${size}" font-weight="700" fill="${ink}">${label}</text>`,
    `<text x="28" y="${HEIGHT - 26}" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif" font-size="13" font-weight="600" letter-spacing="2" fill="${ink}" fill-opacity="0.85">GIFT CARD</text>`,
    `<text x="${WIDTH - 28}" y="${HEIGHT - 26}" text-anchor="end" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif" font-size="13" font-weight="600" fill="${ink}" fill-opacity="0.85">${escapeXml(currency)}</text>`,
    '</svg>',
  ].join('');
}
