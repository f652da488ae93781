import { z } from 'zod';
import { plainText } from './fields';

/**
 * The gift-card catalogue (SPEC §2 "/sellgiftcards/giftcardscatalogue", §3 "Gift card",
 * "Sub-category"; SPEC §7 get_gift_cards, search_cards, get_gift_card_subcategories.php).
 * Rates and card-currency amounts are decimal strings ("1450.00"): the server computes with a
 * decimal library and screens only show them (DESIGN §4).
 */

export const GIFT_CARD_CURRENCIES = ['USD', 'GBP', 'EUR', 'CAD', 'AUD'] as const;
export type GiftCardCurrency = (typeof GIFT_CARD_CURRENCIES)[number];

/** How a card currency is written before an amount and after a rate's slash (`₦1,460.00/$`). */
export const CURRENCY_SYMBOLS: Record<GiftCardCurrency, string> = {
  USD: '$',
  GBP: '£',
  EUR: '€',
  CAD: 'C$',
  AUD: 'A$',
};

export const currencySymbol = (currency: string): string =>
  (CURRENCY_SYMBOLS as Record<string, string | undefined>)[currency] ?? `${currency} `;

export const GIFT_CARD_KINDS = ['physical', 'ecode'] as const;
export type GiftCardKind = (typeof GIFT_CARD_KINDS)[number];

/** Search box: 1-40 characters (a limit on every input). */
export const GIFT_CARD_QUERY_MAX = 40;

export const giftCardMessages = {
  /** SPEC §8: an empty search shows the server's text as a toast. */
  noMatch: (query: string) => `No gift card matches "${query}"`,
  /** SPEC §8 'Couldn't fetch gift cards' is also the empty-catalogue answer. */
  emptyCatalogue: "Couldn't fetch gift cards",
  cardUnavailable: 'This gift card is not available right now',
  queryRequired: 'Type a card name to search',
  queryTooLong: `Cannot be more than ${GIFT_CARD_QUERY_MAX} characters`,
} as const;

export const giftCardErrorCodes = {
  notFound: 'GIFTCARD_NOT_FOUND',
} as const;

/** A decimal string with up to 2 decimals, as the server writes rates and bands ("1450.00"). */
const decimalString = z.string().regex(/^\d+(\.\d+)?$/);

export const giftCardSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  /** `/api/giftcards/art/<slug>.svg`: our own drawn artwork, no third-party logos. */
  image_url: z.string(),
  currency: z.enum(GIFT_CARD_CURRENCIES),
  brand_color: z.string(),
});
export type GiftCard = z.infer<typeof giftCardSchema>;

export const subCategorySchema = z.object({
  id: z.string(),
  /** e.g. "USA physical · $25–$100" */
  subcategory: z.string(),
  /** Naira per 1 unit of the card currency, e.g. "1450.00". */
  exchange_rate: decimalString,
  kind: z.enum(GIFT_CARD_KINDS),
  country: z.string(),
  min_amount: decimalString,
  max_amount: decimalString,
  currency: z.enum(GIFT_CARD_CURRENCIES),
});
export type SubCategory = z.infer<typeof subCategorySchema>;

/** GET /api/giftcards and GET /api/giftcards/search: enabled cards by name. */
export const giftCardListResponseSchema = z.object({ cards: z.array(giftCardSchema) });
export type GiftCardListResponse = z.infer<typeof giftCardListResponseSchema>;

/** GET /api/giftcards/:slug: the card and its enabled sub-categories. */
export const giftCardDetailResponseSchema = z.object({ card: giftCardSchema, subcategories: z.array(subCategorySchema) });
export type GiftCardDetailResponse = z.infer<typeof giftCardDetailResponseSchema>;

export const giftCardSearchSchema = z.object({
  query: plainText(
    z
      .string({ error: giftCardMessages.queryRequired })
      .trim()
      .min(1, giftCardMessages.queryRequired)
      .max(GIFT_CARD_QUERY_MAX, giftCardMessages.queryTooLong),
  ),
});
export type GiftCardSearchInput = z.infer<typeof giftCardSearchSchema>;

export const GIFT_CARD_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const giftCardSlugParamsSchema = z.object({ slug: z.string().max(60).regex(GIFT_CARD_SLUG_PATTERN) });

/** Where a card's artwork is served (the catalogue's `image_url`). */
export const giftCardArtUrl = (slug: string) => `/api/giftcards/art/${slug}.svg`;
