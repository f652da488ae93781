// Back office: gift cards, sub-categories, rates and rate history (helper: business).
import { z } from 'zod';
import { plainText } from '../fields';
import { GIFT_CARD_CURRENCIES, GIFT_CARD_KINDS } from '../giftcards';
import { staffConfirmationFields } from './confirmation';
import { staffRequestSchema } from './duties';

export const catalogueMessages = {
  nameRequired: 'Enter the card name',
  nameTooLong: 'Cannot be more than 60 characters',
  nameTaken: 'A gift card with this name already exists',
  nameNoSlug: 'The name needs at least one letter or digit',
  currencyInvalid: 'Choose one of USD, GBP, EUR, CAD or AUD',
  colorInvalid: 'Enter a colour as #rrggbb, e.g. #ff9900',
  nothingToChange: 'Change at least one field',
  countryInvalid: 'Enter the country (2-30 characters)',
  kindInvalid: 'Choose physical or e-code',
  amountInvalid: 'Enter an amount like 25 or 25.50 (at most 2 decimals)',
  amountPositive: 'Must be more than 0',
  bandInvalid: 'The maximum must be at least the minimum',
  rateInvalid: 'Enter a naira rate like 1450 or 1450.50 (at most 2 decimals)',
  positionInvalid: 'Position is a whole number from 0 to 999',
  bandTaken: 'This card already has a sub-category with this country, kind, currency and minimum',
  cardNotFound: 'No such gift card',
  subcategoryNotFound: 'No such sub-category',
  imageRequired: 'Choose a picture of the card',
  imageTooLarge: 'The picture is too large (at most 10 MB)',
  imageNotImage: 'The picture must be a JPEG, PNG or WebP image',
  imageTooManyPixels: 'The picture has too many pixels',
  imageUnreadable: "The picture couldn't be read; try another file",
} as const;

/** The most a band edge or a rate may be: numeric(12, 2). */
const DECIMAL_MAX = 9_999_999_999.99;
/** A plain decimal with at most 2 decimals, as staff type it ("25", "1450.50"). */
export const ADMIN_DECIMAL_PATTERN = /^\d{1,10}(\.\d{1,2})?$/;

const decimalField = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .regex(ADMIN_DECIMAL_PATTERN, message)
    .refine((value) => Number(value) > 0, catalogueMessages.amountPositive)
    .refine((value) => Number(value) <= DECIMAL_MAX, message);

export const giftCardNameField = plainText(
  z.string({ error: catalogueMessages.nameRequired }).trim().min(1, catalogueMessages.nameRequired).max(60, catalogueMessages.nameTooLong),
).refine((name) => /[A-Za-z0-9]/.test(name), catalogueMessages.nameNoSlug);

/** `#RRGGBB` is accepted and stored lower-cased, as the database wants it. */
export const brandColorField = z
  .string({ error: catalogueMessages.colorInvalid })
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, catalogueMessages.colorInvalid)
  .transform((value) => value.toLowerCase());

const currencyField = z.enum(GIFT_CARD_CURRENCIES, { error: catalogueMessages.currencyInvalid });
const kindField = z.enum(GIFT_CARD_KINDS, { error: catalogueMessages.kindInvalid });
const countryField = plainText(
  z
    .string({ error: catalogueMessages.countryInvalid })
    .trim()
    .min(2, catalogueMessages.countryInvalid)
    .max(30, catalogueMessages.countryInvalid),
);
const positionField = z
  .number({ error: catalogueMessages.positionInvalid })
  .int(catalogueMessages.positionInvalid)
  .min(0, catalogueMessages.positionInvalid)
  .max(999, catalogueMessages.positionInvalid);
const enabledField = z.boolean({ error: 'Must be true or false' });

const atLeastOne = (value: Record<string, unknown>) => Object.values(value).some((v) => v !== undefined);

/** POST /api/admin/giftcards: the slug is made from the name. */
export const createGiftCardSchema = z.strictObject({
  name: giftCardNameField,
  currency: currencyField,
  brand_color: brandColorField,
  enabled: enabledField.default(true),
});
export type CreateGiftCardInput = z.input<typeof createGiftCardSchema>;

/** PATCH /api/admin/giftcards/:id (the slug stays: links and sales keep naming the card). */
export const updateGiftCardSchema = z
  .strictObject({ name: giftCardNameField.optional(), enabled: enabledField.optional(), brand_color: brandColorField.optional() })
  .refine(atLeastOne, catalogueMessages.nothingToChange);
export type UpdateGiftCardInput = z.input<typeof updateGiftCardSchema>;

const bandOrdered = (value: { min_amount?: string; max_amount?: string }) =>
  value.min_amount === undefined || value.max_amount === undefined || Number(value.max_amount) >= Number(value.min_amount);

/** POST /api/admin/giftcards/:id/subcategories */
export const createSubcategorySchema = z
  .strictObject({
    country: countryField,
    kind: kindField,
    currency: currencyField,
    min_amount: decimalField(catalogueMessages.amountInvalid),
    max_amount: decimalField(catalogueMessages.amountInvalid),
    exchange_rate: decimalField(catalogueMessages.rateInvalid),
    enabled: enabledField.default(true),
    position: positionField.default(0),
    // A rate is money: the admin's own code or passkey (docs/separation-of-duties.md).
    ...staffConfirmationFields,
  })
  .refine(bandOrdered, { message: catalogueMessages.bandInvalid, path: ['max_amount'] });
export type CreateSubcategoryInput = z.input<typeof createSubcategorySchema>;

/** PATCH /api/admin/giftcards/subcategories/:id: a new exchange_rate is recorded in the rate history. */
export const updateSubcategorySchema = z
  .strictObject({
    country: countryField.optional(),
    kind: kindField.optional(),
    currency: currencyField.optional(),
    min_amount: decimalField(catalogueMessages.amountInvalid).optional(),
    max_amount: decimalField(catalogueMessages.amountInvalid).optional(),
    exchange_rate: decimalField(catalogueMessages.rateInvalid).optional(),
    enabled: enabledField.optional(),
    position: positionField.optional(),
    // Required with exchange_rate (docs/separation-of-duties.md): a stolen staff cookie moves no rate.
    ...staffConfirmationFields,
  })
  .refine(({ confirm_code: _code, confirm_passkey: _passkey, ...change }) => atLeastOne(change), catalogueMessages.nothingToChange)
  .refine(bandOrdered, { message: catalogueMessages.bandInvalid, path: ['max_amount'] });
export type UpdateSubcategoryInput = z.input<typeof updateSubcategorySchema>;

export const catalogueIdParamsSchema = z.object({ id: z.uuid({ error: 'Not found' }) });

const decimalString = z.string();

export const adminSubcategorySchema = z.object({
  id: z.string(),
  gift_card_id: z.string(),
  /** "USA physical · $25–$100", as the customer's sell form lists it. */
  label: z.string(),
  country: z.string(),
  kind: z.enum(GIFT_CARD_KINDS),
  currency: z.enum(GIFT_CARD_CURRENCIES),
  min_amount: decimalString,
  max_amount: decimalString,
  exchange_rate: decimalString,
  enabled: z.boolean(),
  position: z.number().int(),
  rate_updated_at: z.string(),
});
export type AdminSubcategory = z.infer<typeof adminSubcategorySchema>;

export const adminGiftCardSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  currency: z.enum(GIFT_CARD_CURRENCIES),
  brand_color: z.string(),
  enabled: z.boolean(),
  /** The uploaded picture for staff (`/api/admin/giftcards/:id/image`), or null when the drawn artwork shows. */
  image_url: z.string().nullable(),
  /** What customers see: the uploaded picture when there is one, else the drawn artwork. */
  customer_image_url: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  subcategories: z.array(adminSubcategorySchema),
});
export type AdminGiftCard = z.infer<typeof adminGiftCardSchema>;

/** GET /api/admin/giftcards: every card (enabled or not) by name, each with all its sub-categories. */
export const adminGiftCardListSchema = z.object({ cards: z.array(adminGiftCardSchema) });
export type AdminGiftCardList = z.infer<typeof adminGiftCardListSchema>;
export const adminGiftCardResponseSchema = z.object({ card: adminGiftCardSchema });
/** `rate_request`: a rate change beyond RATE_CHANGE_SECOND_APPROVAL_PERCENT waits for a second admin (the rest of the edit is saved). */
export const adminSubcategoryResponseSchema = z.object({ subcategory: adminSubcategorySchema, rate_request: staffRequestSchema.nullish() });

export const rateHistoryEntrySchema = z.object({
  id: z.number().int(),
  /** null for the rate the sub-category was created with. */
  old_rate: z.string().nullable(),
  new_rate: z.string(),
  /** null when no staff member made it (the seed data, a migration). */
  changed_by: z.object({ id: z.string(), name: z.string(), email: z.string() }).nullable(),
  changed_at: z.string(),
});
export type RateHistoryEntry = z.infer<typeof rateHistoryEntrySchema>;

/** GET /api/admin/giftcards/subcategories/:id/rates: newest first (at most 200). */
export const rateHistoryResponseSchema = z.object({ items: z.array(rateHistoryEntrySchema) });
export type RateHistoryResponse = z.infer<typeof rateHistoryResponseSchema>;
