import { and, asc, eq } from 'drizzle-orm';
import {
  COIN_IDS,
  coinArtUrl,
  coinTitle,
  formatCardAmount,
  formatKobo,
  formatRate,
  rateTexts,
  type CoinId,
  type RatesCard,
  type RatesCoin,
  type RatesResponse,
} from '@wise/shared';
import type { Db } from '#server/db/client';
import { giftCards, giftCardSubcategories } from '#server/db/schema/index';
import { catalogueAnswer } from '../catalogue-cache';
import { listCoins } from '../crypto/catalogue';
import type { MarketDeps } from '../crypto/market-cache';
import { Dec, koboHalfUp } from '../crypto/money';
import { DomainError } from '../errors';
import { toSubCategory } from '../giftcards/catalogue';

/**
 * The public rates (docs/features.md, "Rates and alerts"): what /rates shows visitors, built from the same
 * rows and rules the sell forms use — a sub-category's exchange_rate and band as the gift-card
 * form lists them, and each coin's naira-per-USD rate as its quote computes it.
 */

const nameCollator = new Intl.Collator('en', { sensitivity: 'base' });

/** Every enabled card with its enabled sub-categories, by name; cards without any are left out. */
export async function listRateCards(db: Db): Promise<RatesCard[]> {
  return catalogueAnswer(db, 'giftcards', 'rates', async () => {
    const rows = await db
      .select({ card: giftCards, sub: giftCardSubcategories })
      .from(giftCardSubcategories)
      .innerJoin(giftCards, eq(giftCards.id, giftCardSubcategories.giftCardId))
      .where(and(eq(giftCards.enabled, true), eq(giftCardSubcategories.enabled, true)))
      .orderBy(asc(giftCardSubcategories.position), asc(giftCardSubcategories.id));
    const byCard = new Map<string, RatesCard>();
    for (const { card, sub } of rows) {
      let entry = byCard.get(card.id);
      if (!entry)
        byCard.set(
          card.id,
          (entry = { name: card.name, slug: card.slug, currency: card.currency, brand_color: card.brandColor, subcategories: [] }),
        );
      const shown = toSubCategory(sub);
      entry.subcategories.push({
        ...shown,
        rate_text: formatRate(shown.exchange_rate, shown.currency),
        range_text: rateTexts.range(formatCardAmount(shown.min_amount, shown.currency), formatCardAmount(shown.max_amount, shown.currency)),
      });
    }
    return [...byCard.values()].sort((a, b) => nameCollator.compare(a.name, b.name));
  });
}

/** One whole coin in kobo: USD price × naira per USD, rounded half-up once (docs/product.md §9). */
export const coinPriceKobo = (priceUsd: string, rateNgnPerUsd: string): number => koboHalfUp(new Dec(priceUsd).times(rateNgnPerUsd));

/** The four coins' naira prices, or none while no prices were ever fetched. */
export async function listRateCoins(db: Db, deps: MarketDeps): Promise<{ coins: RatesCoin[]; updatedAt: string | null; stale: boolean }> {
  try {
    const listed = await listCoins(db, deps);
    const coins = listed.coins.map((coin) => {
      const priceKobo = coinPriceKobo(coin.current_price_usd, coin.rate_ngn_per_usd);
      return {
        id: coin.id,
        symbol: coin.symbol,
        name: coin.name,
        current_price_usd: coin.current_price_usd,
        rate_ngn_per_usd: coin.rate_ngn_per_usd,
        price_kobo: priceKobo,
        price_change_percentage_24h: coin.price_change_percentage_24h,
        title: coinTitle(coin.id),
        image_url: coinArtUrl(coin.id),
        price_text: formatKobo(priceKobo),
        rate_text: formatRate(coin.rate_ngn_per_usd, 'USD'),
      };
    });
    return { coins, updatedAt: listed.updated_at, stale: listed.stale };
  } catch (error) {
    // No prices yet (a fresh start with the provider down): the cards are still worth showing.
    if (error instanceof DomainError) return { coins: [], updatedAt: null, stale: true };
    throw error;
  }
}

export async function listPublicRates(db: Db, deps: MarketDeps): Promise<RatesResponse> {
  const [cards, coins] = await Promise.all([listRateCards(db), listRateCoins(db, deps)]);
  return { cards, coins: coins.coins, coins_updated_at: coins.updatedAt, coins_stale: coins.stale };
}

/** Each coin's current price in kobo (for the alert check after a refresh); empty without prices. */
export async function coinPricesKobo(db: Db, deps: MarketDeps): Promise<Partial<Record<CoinId, number>>> {
  const { coins, stale } = await listRateCoins(db, deps);
  // Stale prices are not what a customer could sell at: no alert fires on them.
  if (stale) return {};
  return Object.fromEntries(coins.filter((c) => (COIN_IDS as readonly string[]).includes(c.id)).map((c) => [c.id, c.price_kobo]));
}
