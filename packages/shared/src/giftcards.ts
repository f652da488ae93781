import { z } from 'zod';
import { plainText } from './fields';
import { GIFT_CARD_CURRENCIES, GIFT_CARD_KINDS, GIFT_CARD_QUERY_MAX, giftCardMessages, GIFT_CARD_SLUG_PATTERN } from './plain/giftcards';

export {
  GIFT_CARD_CURRENCIES,
  CURRENCY_SYMBOLS,
  currencySymbol,
  GIFT_CARD_KINDS,
  GIFT_CARD_QUERY_MAX,
  giftCardMessages,
  giftCardErrorCodes,
  GIFT_CARD_SLUG_PATTERN,
  giftCardArtUrl,
} from './plain/giftcards';
export type { GiftCardCurrency, GiftCardKind } from './plain/giftcards';

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
export const giftCardSlugParamsSchema = z.object({ slug: z.string().max(60).regex(GIFT_CARD_SLUG_PATTERN) });
