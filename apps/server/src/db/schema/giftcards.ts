import { sql } from 'drizzle-orm';
import { boolean, index, numeric, pgTable, smallint, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** Mirrors the catalogue of db/migrations/0007_giftcards_sales.sql (the SQL is the source of truth). */

export const giftCardCurrencies = ['USD', 'GBP', 'EUR', 'CAD', 'AUD'] as const;
export const giftCardKinds = ['physical', 'ecode'] as const;

const at = (name: string) => timestamp(name, { withTimezone: true });

export const giftCards = pgTable(
  'gift_cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    currency: text('currency', { enum: giftCardCurrencies }).notNull(),
    /** The drawn artwork's colour, `#rrggbb`. */
    brandColor: text('brand_color').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** A picture staff uploaded (file store key, `catalogue/…`); null shows the drawn artwork. */
    imageKey: text('image_key'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('gift_cards_name_key').on(sql`lower(${t.name})`)],
);

export const giftCardSubcategories = pgTable(
  'gift_card_subcategories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    giftCardId: uuid('gift_card_id')
      .notNull()
      .references(() => giftCards.id, { onDelete: 'restrict' }),
    country: text('country').notNull(),
    kind: text('kind', { enum: giftCardKinds }).notNull(),
    currency: text('currency', { enum: giftCardCurrencies }).notNull(),
    /** Decimal strings ("25.00"): numeric(12,2) read without ever becoming a float. */
    minAmount: numeric('min_amount', { precision: 12, scale: 2 }).notNull(),
    maxAmount: numeric('max_amount', { precision: 12, scale: 2 }).notNull(),
    /** Naira per 1 unit of the card currency, e.g. "1450.00". */
    exchangeRate: numeric('exchange_rate', { precision: 12, scale: 2 }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    position: smallint('position').notNull().default(0),
    rateUpdatedAt: at('rate_updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('gift_card_subcategories_card_idx').on(t.giftCardId, t.position),
    unique('gift_card_subcategories_one_band').on(t.giftCardId, t.country, t.kind, t.currency, t.minAmount),
  ],
);
