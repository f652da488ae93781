import { z } from 'zod';
import { COIN_IDS } from './plain/crypto';
import { GIFT_CARD_CURRENCIES } from './plain/giftcards';
import { RATE_ALERT_SUBJECT_PATTERN, rateAlertTexts } from './plain/rate-alerts';
import { subCategorySchema } from './giftcards';
import { saleAmountField } from './sales';

export { rateTexts, RATES_PAGE_TITLE, RATES_PAGE_DESCRIPTION } from './plain/rates';
export {
  RATE_ALERTS_MAX,
  RATE_ALERT_SUBJECT_PATTERN,
  giftCardSubject,
  coinSubject,
  coinTitle,
  rateAlertAmountText,
  rateAlertTexts,
  rateAlertErrorCodes,
} from './plain/rate-alerts';
export type { RateAlertSubject } from './plain/rate-alerts';

/**
 * Public rates and rate alerts (docs/features.md, "Rates and alerts"). GET /api/rates needs no session:
 * every enabled card's enabled sub-categories with their rate and band, and the four coins'
 * naira prices, built from the very numbers the sell forms use.
 */

export const ratesCardSchema = z.object({
  name: z.string(),
  slug: z.string(),
  currency: z.enum(GIFT_CARD_CURRENCIES),
  brand_color: z.string(),
  /**
   * Each with its rate and band written as customers read them ("₦1,180.00/$", "$25.00 – $100.00"),
   * by the server with the shared formatters: the page's first screen then needs none of them.
   */
  subcategories: z.array(subCategorySchema.extend({ rate_text: z.string(), range_text: z.string() })),
});
export type RatesCard = z.infer<typeof ratesCardSchema>;

export const ratesCoinSchema = z.object({
  id: z.enum(COIN_IDS),
  symbol: z.string(),
  name: z.string(),
  current_price_usd: z.string(),
  /** Naira per US dollar of this coin (the sell form's rate). */
  rate_ngn_per_usd: z.string(),
  /** What one whole coin sells for: USD price × naira per USD, in kobo rounded half-up. */
  price_kobo: z.number().int().nonnegative(),
  price_change_percentage_24h: z.string(),
  /** Written by the server, as above: "Bitcoin (BTC)", "₦150,000,000.00", "₦1,500.00/$". */
  title: z.string(),
  /** Our own glyph (`/api/crypto/art/<id>.svg`, public). */
  image_url: z.string(),
  price_text: z.string(),
  rate_text: z.string(),
});
export type RatesCoin = z.infer<typeof ratesCoinSchema>;

/** GET /api/rates. `coins` is empty while no prices have been fetched yet. */
export const ratesResponseSchema = z.object({
  cards: z.array(ratesCardSchema),
  coins: z.array(ratesCoinSchema),
  coins_updated_at: z.string().nullable(),
  coins_stale: z.boolean(),
});
export type RatesResponse = z.infer<typeof ratesResponseSchema>;

/** POST /api/rates/alerts: the threshold is read by the sell form's amount rule (≤ 2 decimals, > 0). */
export const createRateAlertSchema = z.object({
  subject: z.string({ error: rateAlertTexts.subjectRequired }).trim().regex(RATE_ALERT_SUBJECT_PATTERN, rateAlertTexts.subjectRequired),
  threshold_naira: saleAmountField,
});
export type CreateRateAlertInput = z.infer<typeof createRateAlertSchema>;
export type CreateRateAlertForm = z.input<typeof createRateAlertSchema>;

export const rateAlertSchema = z.object({
  id: z.string(),
  subject: z.string(),
  /** "Amazon USA physical · $25–$100" or "Bitcoin (BTC)". */
  label: z.string(),
  /** The card currency the threshold is per unit of; null for a coin (per whole coin). */
  currency: z.enum(GIFT_CARD_CURRENCIES).nullable(),
  threshold_kobo: z.number().int().positive(),
  created_at: z.string(),
  /** When it fired; null while it waits. */
  spent_at: z.string().nullable(),
  fired_value_kobo: z.number().int().positive().nullable(),
});
export type RateAlert = z.infer<typeof rateAlertSchema>;

export const rateAlertListResponseSchema = z.object({
  alerts: z.array(rateAlertSchema),
  active: z.number().int().nonnegative(),
  limit: z.number().int().positive(),
});
export type RateAlertListResponse = z.infer<typeof rateAlertListResponseSchema>;
export const rateAlertResponseSchema = z.object({ alert: rateAlertSchema });
export const rateAlertParamsSchema = z.object({ id: z.uuid() });
export const rateAlertDeletedResponseSchema = z.object({ deleted: z.literal(true) });
