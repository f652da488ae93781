import { and, asc, eq, sql } from 'drizzle-orm';
import {
  currencySymbol,
  giftCardArtUrl,
  giftCardErrorCodes,
  giftCardMessages,
  textsIn,
  type GiftCard,
  type GiftCardDetailResponse,
  type SubCategory,
} from '@wise/shared';
import type { Db } from '#server/db/client';
import { prepared } from '#server/db/prepared';
import { giftCards, giftCardSubcategories } from '#server/db/schema/index';
import type { FileStore } from '#server/providers/file-store/index';
import { DomainError } from '../errors';
import { bandEdge } from './value';

/**
 * The gift-card catalogue customers see: enabled cards and their enabled sub-categories
 * (docs/product.md §7 get_gift_cards, search_cards, get_gift_card_subcategories.php).
 */

type CardRow = typeof giftCards.$inferSelect;
type SubcategoryRow = typeof giftCardSubcategories.$inferSelect;

export const cardUnavailable = () => new DomainError(giftCardErrorCodes.notFound, giftCardMessages.cardUnavailable, 404);

/** Where staff-uploaded card pictures live in the file store (0011: gift_cards.image_key). */
export const CATALOGUE_IMAGE_PREFIX = 'catalogue/';
/** An uploaded picture's file name as the art route takes it: `<32 hex>.webp`. */
export const CATALOGUE_IMAGE_FILE = /^[0-9a-f]{32}\.webp$/;

/**
 * What customers are shown for a card: the picture staff uploaded when there is one (its name is
 * random per upload, so the URL changes with the picture), else the drawn artwork.
 */
export const cardImageUrl = (row: Pick<CardRow, 'slug' | 'imageKey'>): string =>
  row.imageKey ? `/api/giftcards/art/${row.imageKey.slice(CATALOGUE_IMAGE_PREFIX.length)}` : giftCardArtUrl(row.slug);

export const toGiftCard = (row: CardRow): GiftCard => ({
  id: row.id,
  name: row.name,
  slug: row.slug,
  image_url: cardImageUrl(row),
  currency: row.currency,
  brand_color: row.brandColor,
});

const kindLabel = (kind: SubcategoryRow['kind']) => (kind === 'ecode' ? 'e-code' : 'physical');

/** "USA physical": what a sale's title says after the card's name. */
export const subcategoryShortLabel = (row: Pick<SubcategoryRow, 'country' | 'kind'>) => `${row.country} ${kindLabel(row.kind)}`;

/** "USA physical · $25–$100": the sub-category as the sell form lists it. */
export function subcategoryLabel(row: Pick<SubcategoryRow, 'country' | 'kind' | 'currency' | 'minAmount' | 'maxAmount'>): string {
  const symbol = currencySymbol(row.currency);
  return `${subcategoryShortLabel(row)} · ${symbol}${bandEdge(row.minAmount)}–${symbol}${bandEdge(row.maxAmount)}`;
}

export const toSubCategory = (row: SubcategoryRow): SubCategory => ({
  id: row.id,
  subcategory: subcategoryLabel(row),
  exchange_rate: row.exchangeRate,
  kind: row.kind,
  country: row.country,
  min_amount: row.minAmount,
  max_amount: row.maxAmount,
  currency: row.currency,
});

/**
 * Sorted here, not by the database, so every collation gives the same order. One collator for
 * all: localeCompare with a locale builds one per comparison, the catalogue's largest cost.
 */
const nameCollator = new Intl.Collator('en', { sensitivity: 'base' });
const byName = (a: CardRow, b: CardRow) => nameCollator.compare(a.name, b.name);

const enabledCards = (db: Db) =>
  prepared(db, 'giftcards_enabled', (d) => d.select().from(giftCards).where(eq(giftCards.enabled, true)).prepare('giftcards_enabled'));

/** Enabled cards by name; an empty catalogue is docs/product.md §7's "error if empty" (404). */
export async function listGiftCards(db: Db): Promise<GiftCard[]> {
  const rows = await enabledCards(db).execute();
  if (rows.length === 0) throw new DomainError(giftCardErrorCodes.notFound, giftCardMessages.emptyCatalogue, 404);
  return rows.sort(byName).map(toGiftCard);
}

/** Case-insensitive substring of the name; the customer's text is matched literally (no LIKE wildcards). */
export async function searchGiftCards(db: Db, query: string): Promise<GiftCard[]> {
  const rows = await db
    .select()
    .from(giftCards)
    .where(and(eq(giftCards.enabled, true), sql`strpos(lower(${giftCards.name}), lower(${query})) > 0`));
  if (rows.length === 0) {
    throw new DomainError(giftCardErrorCodes.notFound, giftCardMessages.noMatch(query), 404, {
      words: (language) => textsIn(giftCardMessages, language).noMatch(query),
    });
  }
  return rows.sort(byName).map(toGiftCard);
}

async function findEnabledCard(db: Db, slug: string): Promise<CardRow> {
  const [card] = await db
    .select()
    .from(giftCards)
    .where(and(eq(giftCards.slug, slug), eq(giftCards.enabled, true)))
    .limit(1);
  if (!card) throw cardUnavailable();
  return card;
}

/** A card and its enabled sub-categories, in the catalogue's order. */
export async function getGiftCard(db: Db, slug: string): Promise<GiftCardDetailResponse> {
  const card = await findEnabledCard(db, slug);
  const subcategories = await db
    .select()
    .from(giftCardSubcategories)
    .where(and(eq(giftCardSubcategories.giftCardId, card.id), eq(giftCardSubcategories.enabled, true)))
    .orderBy(asc(giftCardSubcategories.position), asc(giftCardSubcategories.id));
  return { card: toGiftCard(card), subcategories: subcategories.map(toSubCategory) };
}

/** Any card by slug, enabled or not: its artwork stays drawable for the sales that name it. */
export async function findCardForArt(
  db: Db,
  slug: string,
): Promise<Pick<CardRow, 'name' | 'brandColor' | 'currency' | 'imageKey'> | undefined> {
  const [card] = await db
    .select({ name: giftCards.name, brandColor: giftCards.brandColor, currency: giftCards.currency, imageKey: giftCards.imageKey })
    .from(giftCards)
    .where(eq(giftCards.slug, slug))
    .limit(1);
  return card;
}

/**
 * The bytes of an uploaded card picture by its file name (`<32 hex>.webp`), only while a card
 * shows it: a replaced picture is gone from the catalogue even if the store still holds it.
 */
export async function readCardImage(db: Db, store: FileStore, file: string): Promise<Buffer | undefined> {
  if (!CATALOGUE_IMAGE_FILE.test(file)) return undefined;
  const key = `${CATALOGUE_IMAGE_PREFIX}${file}`;
  const [card] = await db.select({ id: giftCards.id }).from(giftCards).where(eq(giftCards.imageKey, key)).limit(1);
  if (!card) return undefined;
  return store.get(key);
}

export interface SaleableSubcategory {
  card: CardRow;
  subcategory: SubcategoryRow;
}

/**
 * The sub-category a sale names, with its card, both enabled; read with a share lock inside the
 * sale's transaction so a rate change waits for the sale (or the sale sees the new rate).
 */
export async function findSaleableSubcategory(db: Db, subcategoryId: string): Promise<SaleableSubcategory | undefined> {
  const [row] = await db
    .select({ card: giftCards, subcategory: giftCardSubcategories })
    .from(giftCardSubcategories)
    .innerJoin(giftCards, eq(giftCards.id, giftCardSubcategories.giftCardId))
    .where(and(eq(giftCardSubcategories.id, subcategoryId), eq(giftCardSubcategories.enabled, true), eq(giftCards.enabled, true)))
    .limit(1)
    .for('share');
  return row;
}
