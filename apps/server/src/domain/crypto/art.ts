import { createHash } from 'node:crypto';

/**
 * Coin glyphs the product draws itself (GET /api/crypto/art/:id.svg), so the browser never loads
 * a third party's image (the CSP allows images from us only) and every coin has a logo, even one
 * that started trending a minute ago. 64×64, no script, no external reference.
 */

const SIZE = 64;
export const COIN_ART_ID = /^[a-z0-9][a-z0-9-]{0,63}$/;
export const ART_SYMBOL = /^[A-Za-z0-9]{1,8}$/;

const svg = (body: string, label: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}" role="img" aria-label="${escapeXml(label)}">${body}</svg>`;
const disc = (fill: string) => `<circle cx="32" cy="32" r="32" fill="${fill}"/>`;

const bitcoin = svg(
  disc('#F7931A') +
    '<g transform="rotate(14 32 32)" stroke="#fff" fill="none" stroke-linecap="round" stroke-linejoin="round">' +
    '<path d="M24 18v28M24 18h10a6.5 6.5 0 0 1 0 13H24M24 31h12a7.5 7.5 0 0 1 0 15H24" stroke-width="5"/>' +
    '<path d="M28 12v5M34 12v5M28 47v5M34 47v5" stroke-width="3.5"/></g>',
  'Bitcoin',
);

const tether = svg(
  disc('#26A17B') +
    '<path d="M16 16h32v8H36v25h-8V24H16z" fill="#fff"/>' +
    '<ellipse cx="32" cy="31" rx="16" ry="4.5" fill="none" stroke="#fff" stroke-width="3"/>',
  'Tether',
);

const diamond = (cx: number, cy: number, half: number) =>
  `<path d="M${cx} ${cy - half}L${cx + half} ${cy}L${cx} ${cy + half}L${cx - half} ${cy}z" fill="#fff"/>`;
const bnb = svg(
  disc('#F3BA2F') + diamond(32, 32, 6) + diamond(32, 18, 6) + diamond(32, 46, 6) + diamond(18, 32, 6) + diamond(46, 32, 6),
  'BNB',
);

const solana = svg(
  '<defs><linearGradient id="g" x1="0" y1="1" x2="1" y2="0"><stop offset="0" stop-color="#9945FF"/><stop offset="1" stop-color="#14F195"/></linearGradient></defs>' +
    disc('#121212') +
    '<path d="M22 19h24l-4 5H18zM18 29.5h24l4 5H22zM22 40h24l-4 5H18z" fill="url(#g)"/>',
  'Solana',
);

const ethereum = svg(
  disc('#627EEA') +
    '<path d="M32 10l13 22-13 8-13-8z" fill="#fff"/>' +
    '<path d="M32 10v30l13-8z" fill="#fff" fill-opacity=".6"/>' +
    '<path d="M32 43l13-8-13 19-13-19z" fill="#fff"/>',
  'Ethereum',
);

/** Coins with a hand-drawn glyph, by our id and by the market-data service's id. */
const DRAWN: Record<string, string> = {
  btc: bitcoin,
  bitcoin,
  usdt: tether,
  tether,
  bnb,
  binancecoin: bnb,
  sol: solana,
  solana,
  ethereum,
};

/** Well-known coins drawn as a lettered disc in their own colour. */
const LETTERED: Record<string, { symbol: string; colour: string }> = {
  ripple: { symbol: 'XRP', colour: '#23292F' },
  dogecoin: { symbol: 'DOGE', colour: '#C2A633' },
  cardano: { symbol: 'ADA', colour: '#0033AD' },
  tron: { symbol: 'TRX', colour: '#EB0029' },
  'the-open-network': { symbol: 'TON', colour: '#0098EA' },
  chainlink: { symbol: 'LINK', colour: '#2A5ADA' },
  sui: { symbol: 'SUI', colour: '#4DA2FF' },
  pepe: { symbol: 'PEPE', colour: '#4C9540' },
};

const PALETTE = ['#5B4BDB', '#0E8A6A', '#C2410C', '#0369A1', '#9D174D', '#4D7C0F', '#7C3AED', '#B45309'];

/** Whether `id` has art of its own (no symbol hint needed). */
export const hasOwnArt = (id: string) => id in DRAWN || id in LETTERED;

function lettered(text: string, colour: string): string {
  const letters = text.slice(0, 4).toUpperCase();
  const fontSize = [0, 30, 26, 20, 16][letters.length] ?? 16;
  return svg(
    disc(colour) +
      `<text x="32" y="33" text-anchor="middle" dominant-baseline="middle" font-family="Arial, Helvetica, sans-serif" font-weight="700" font-size="${fontSize}" fill="#fff">${escapeXml(letters)}</text>`,
    text,
  );
}

/**
 * The glyph for a coin id. Unknown coins get a disc in a colour fixed by their id, lettered with
 * their symbol when one is given (and well-formed), or with the start of their id.
 */
export function coinArt(id: string, symbol?: string): string {
  // Own entries only: an id such as `constructor` must not reach Object.prototype.
  const drawn = Object.hasOwn(DRAWN, id) ? DRAWN[id] : undefined;
  if (drawn) return drawn;
  const known = Object.hasOwn(LETTERED, id) ? LETTERED[id] : undefined;
  if (known) return lettered(known.symbol, known.colour);
  const colour = PALETTE[(createHash('sha256').update(id).digest()[0] ?? 0) % PALETTE.length] ?? '#5B4BDB';
  const text = symbol && ART_SYMBOL.test(symbol) ? symbol : id.replace(/[^a-z0-9]/g, '').slice(0, 3) || '?';
  return lettered(text, colour);
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? '');
}
