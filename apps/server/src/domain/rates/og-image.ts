import { inArray } from 'drizzle-orm';
import { compareDecimalStrings, formatKobo, formatRate, type RatesResponse } from '@wise/shared';
import type { Db } from '#server/db/client';
import { catalogueVersions } from '#server/db/schema/index';
import type { Clock } from '#server/lib/clock';
import type { MarketDeps } from '../crypto/market-cache';
import { loadSharp } from '../uploads/image';
import { listPublicRates } from './public';

/**
 * The picture a shared /rates link shows (og:image): today's rates drawn as SVG and turned into a
 * PNG by sharp, since the sites that draw link previews do not take SVG. Drawing costs tens of
 * milliseconds, so each process keeps the last PNG for as long as the gift-card and coin
 * catalogues' versions (migration 0015) and the business day stay the same.
 */

export const OG_IMAGE_WIDTH = 1200;
export const OG_IMAGE_HEIGHT = 630;
const CARD_ROWS = 5;

interface Kept {
  key: string;
  png: Buffer;
}
const kept = new WeakMap<Db, Kept>();

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The best rate of each card (its highest sub-category), highest first. */
function topCards(rates: RatesResponse) {
  return rates.cards
    .map((card) => {
      const best = [...card.subcategories].sort((a, b) => compareDecimalStrings(b.exchange_rate, a.exchange_rate) ?? 0)[0];
      return best ? { name: card.name, rate: formatRate(best.exchange_rate, best.currency), order: best.exchange_rate } : undefined;
    })
    .filter((c): c is NonNullable<typeof c> => c !== undefined)
    .sort((a, b) => compareDecimalStrings(b.order, a.order) ?? 0)
    .slice(0, CARD_ROWS);
}

export function ratesSvg(rates: RatesResponse, day: string): string {
  const row = (y: number, left: string, right: string) =>
    `<text x="0" y="${y}" class="k">${escapeXml(left)}</text><text x="500" y="${y}" class="v" text-anchor="end">${escapeXml(right)}</text>`;
  const cards = topCards(rates)
    .map((card, i) => row(60 + i * 56, card.name, card.rate))
    .join('');
  const coins = rates.coins.length
    ? rates.coins.map((coin, i) => row(60 + i * 56, coin.symbol, formatKobo(coin.price_kobo).replace(/\.\d\d$/, ''))).join('')
    : `<text x="0" y="60" class="k">Prices updating</text>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${OG_IMAGE_WIDTH}" height="${OG_IMAGE_HEIGHT}" viewBox="0 0 ${OG_IMAGE_WIDTH} ${OG_IMAGE_HEIGHT}">
<style>
  text { font-family: 'DejaVu Sans', 'Liberation Sans', Arial, sans-serif; fill: #0F1222; }
  .t { font-size: 52px; font-weight: 700; fill: #FFFFFF; }
  .s { font-size: 26px; fill: #EEEBFF; }
  .h { font-size: 24px; font-weight: 700; fill: #3B2BD6; letter-spacing: 2px; }
  .k { font-size: 28px; fill: #5B6075; }
  .v { font-size: 30px; font-weight: 700; }
</style>
<rect width="100%" height="100%" fill="#F6F7FB"/>
<rect width="100%" height="150" fill="#3B2BD6"/>
<text x="60" y="85" class="t">Today's rates on Wise</text>
<text x="60" y="125" class="s">${escapeXml(day)} · naira for gift cards and crypto</text>
<g transform="translate(60 200)"><text x="0" y="0" class="h">GIFT CARDS (BEST RATE)</text>${cards}</g>
<g transform="translate(640 200)"><text x="0" y="0" class="h">CRYPTO (1 COIN)</text>${coins}</g>
</svg>`;
}

async function versionsKey(db: Db): Promise<string> {
  const rows = await db
    .select({ name: catalogueVersions.name, version: catalogueVersions.version })
    .from(catalogueVersions)
    .where(inArray(catalogueVersions.name, ['giftcards', 'crypto_prices']));
  return rows
    .map((r) => `${r.name}:${String(r.version)}`)
    .sort()
    .join(',');
}

export interface OgImageDeps {
  clock: Clock;
  market: MarketDeps;
  timeZone: string;
}

/** The PNG and a key that changes whenever it does (its ETag). */
export async function ratesOgImage(db: Db, deps: OgImageDeps): Promise<{ png: Buffer; key: string }> {
  const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: deps.timeZone }).format(
    deps.clock.now(),
  );
  const key = `${await versionsKey(db)},${day}`;
  const hit = kept.get(db);
  if (hit?.key === key) return hit;
  const rates = await listPublicRates(db, deps.market);
  const sharp = await loadSharp();
  const png = await sharp(Buffer.from(ratesSvg(rates, day)))
    .png({ compressionLevel: 9 })
    .toBuffer();
  const made = { key, png };
  kept.set(db, made);
  return made;
}
