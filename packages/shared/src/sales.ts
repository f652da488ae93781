import { z } from 'zod';
import { COIN_IDS, CRYPTO_NETWORK_IDS, cryptoNetworkMessages, type CoinId, type CryptoNetworkId } from './crypto';
import { parseTransactionId, transactionIdMessageFor } from './plain/transaction-ids';
import { isPlainText } from './fields';
import { fieldMessages as m } from './messages';
import { transactionItemSchema } from './transactions';
import { cryptoReturnSchema } from './crypto-returns';
import {
  SALE_KINDS,
  SALE_REJECTION_CODES,
  SALE_TIMELINE_STATUSES,
  SALE_COMMENT_MAX,
  SALE_CARD_CODE_MAX,
  CRYPTO_TRANSACTION_ID_MAX,
  SALE_IDEMPOTENCY_KEY_PATTERN,
  saleMessages,
  saleAmountProblem,
} from './plain/sales';

export {
  SALE_KINDS,
  SALE_TIMELINE_STATUSES,
  SALE_IMAGES_MAX,
  SALE_IMAGE_MAX_BYTES,
  SALE_COMMENT_MAX,
  SALE_CARD_CODE_MAX,
  SALE_AMOUNT_DECIMALS,
  SALE_AMOUNT_INTEGER_DIGITS_MAX,
  CRYPTO_SALE_SCREENSHOTS,
  CRYPTO_TRANSACTION_ID_MAX,
  SALE_IDEMPOTENCY_KEY_PATTERN,
  saleMessages,
  SALE_REJECTION_CODES,
  GIFT_CARD_REJECTION_CODES,
  CRYPTO_REJECTION_CODES,
  rejectionCodesFor,
  rejectionReasonWrongKind,
  saleRejectionReasons,
  saleNoticeTexts,
  SALE_APPROVAL_REASON_CODES,
  saleAmountReasons,
  saleAmountReasonWords,
  saleAmountLabels,
  saleErrorCodes,
  formatDecimal,
  formatKobo,
  formatRate,
  SALE_IMAGE_PICK_TYPES,
  formatCardAmount,
  previewValueKobo,
  saleAmountProblem,
  compareDecimalStrings,
  amountWithinBand,
  amountOutOfBandText,
} from './plain/sales';
export {
  parseTransactionId,
  transactionIdFormatsOf,
  transactionIdMessages,
  transactionIdMessageFor,
  isStoredTransactionId,
  base58ByteLength,
} from './plain/transaction-ids';
export type { TransactionIdFormat, TransactionIdParse } from './plain/transaction-ids';
export type { SaleKind, SaleTimelineStatus, SaleRejectionCode, CryptoRejectionCode, SaleApprovalReasonCode } from './plain/sales';

// ---------------------------------------------------------------------------------------------
// The sale form (multipart fields) and its header
// ---------------------------------------------------------------------------------------------

/**
 * docs/product.md §5 "amount numeric", made precise: > 0, at most 2 decimals, at most 9 integer digits.
 * Each failure names itself, so "-5" is "more than 0" rather than "not a number".
 */
export const saleAmountField = z
  .string({ error: saleMessages.amountRequired })
  .trim()
  .superRefine((value, ctx) => {
    const problem = saleAmountProblem(value);
    if (problem !== undefined) ctx.addIssue({ code: 'custom', message: problem });
  });

/** Free text a person typed: no control characters (line breaks only in a comment), trimmed, empty = absent. */
const optionalText = (max: number, tooLong: string, multiline: boolean) =>
  z
    .string()
    .refine((value) => isPlainText(value, { multiline }), { message: m.invalidCharacters, abort: true })
    .trim()
    .max(max, tooLong)
    .optional()
    .transform((value) => (value ? value : undefined));

/** The text fields of POST /api/giftcards/sales (the images come as files in field `images`). */
export const giftCardSaleFieldsSchema = z.object({
  subcategory_id: z.uuid({ error: saleMessages.subcategoryRequired }),
  /** Optional: the card the screen was showing; a sub-category of another card is then refused. */
  gift_card_id: z.uuid({ error: saleMessages.subcategoryUnavailable }).optional(),
  amount: saleAmountField,
  /** The exchange_rate the customer saw; a different current rate is refused with RATE_CHANGED. */
  expected_rate: z
    .string({ error: saleMessages.expectedRateRequired })
    .trim()
    .regex(/^\d{1,12}(\.\d{1,8})?$/, saleMessages.expectedRateRequired),
  comment: optionalText(SALE_COMMENT_MAX, saleMessages.commentTooLong, true),
  card_code: optionalText(SALE_CARD_CODE_MAX, saleMessages.cardCodeTooLong, false),
});
export type GiftCardSaleFields = z.infer<typeof giftCardSaleFieldsSchema>;
/** What the sell form holds before it becomes multipart (all strings). */
export type GiftCardSaleFormInput = z.input<typeof giftCardSaleFieldsSchema>;

/**
 * The text fields of POST /api/crypto/sales (the screenshot comes as one file in field
 * `screenshot`). Nothing here carries a figure: the value, coin and amount are the quote's.
 */
const quoteIdField = z.uuid({
  error: (issue) => (issue.input === undefined || issue.input === '' ? saleMessages.quoteRequired : saleMessages.quoteInvalid),
});
/** The blockchain transaction ID (hash) the customer may give, as typed; optional (docs/product.md §5). */
const typedTransactionId = z.string().max(CRYPTO_TRANSACTION_ID_MAX, saleMessages.transactionIdTooLong).optional();

/**
 * The fields as the server reads them. The transaction ID stays as typed here: its rule depends on
 * the quote's coin, which the server knows only once it has read the quote; it then holds the ID
 * to that coin with parseTransactionId (domain/sales/duplicates.ts transactionIdFor), so a refusal
 * says what that coin's IDs look like.
 */
/**
 * The network the coins were sent on (0052). Optional for a coin taken on one network (the server
 * fills it in); USDT's must be given, and must be one the coin is taken on (the server checks it
 * against the quote's coin, and the database against crypto_coin_networks).
 */
const networkField = z.enum(CRYPTO_NETWORK_IDS, { error: cryptoNetworkMessages.networkRequired }).optional();
export const cryptoSaleFieldsSchema = z.object({ quote_id: quoteIdField, transaction_id: typedTransactionId, network: networkField });

/**
 * The sell form's schema: the coin is the quote's. The ID leaves it in its one stored form
 * (docs/identifiers.md), taken out of an explorer link when one was pasted — what is sent —, and
 * anything else is refused with what that coin's IDs look like, as the server would.
 */
export const cryptoSaleFieldsSchemaFor = (coin: CoinId, network?: CryptoNetworkId) =>
  z.object({
    quote_id: quoteIdField,
    transaction_id: typedTransactionId.transform((typed, ctx) => {
      const parsed = parseTransactionId(coin, typed ?? '', network);
      if (parsed.ok) return parsed.id;
      ctx.addIssue({ code: 'custom', message: transactionIdMessageFor(coin, network) });
      return z.NEVER;
    }),
    network: networkField,
  });
export type CryptoSaleFields = z.infer<typeof cryptoSaleFieldsSchema>;
export type CryptoSaleFormInput = z.input<typeof cryptoSaleFieldsSchema>;

export const saleHeadersSchema = z.object({
  'idempotency-key': z
    .string({ error: saleMessages.idempotencyKeyRequired })
    .regex(SALE_IDEMPOTENCY_KEY_PATTERN, saleMessages.idempotencyKeyRequired),
});

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

export const saleTimelineEntrySchema = z.object({ status: z.enum(SALE_TIMELINE_STATUSES), at: z.string() });

/** A transaction with everything its detail screen shows (TransactionItem & the sale's facts). */
export const saleDetailSchema = transactionItemSchema.extend({
  kind: z.enum(SALE_KINDS),
  card: z.object({ name: z.string(), slug: z.string(), image_url: z.string() }).nullable(),
  subcategory: z.string().nullable(),
  /** The card amount sold, a decimal string; for a coin, its worth in US dollars (coin_amount × price_usd). */
  currency_amount: z.string(),
  /** The card's currency; 'USD' for a coin. */
  currency: z.string(),
  /** Naira per unit of `currency` used for the value, a decimal string (for a coin: naira per USD, docs/decisions.md §4). */
  exchange_rate: z.string(),
  value_kobo: z.number().int(),
  /** URLs of the re-encoded images, readable by their owner only. */
  images: z.array(z.string()),
  /** Shown only to the seller (and staff). */
  card_code: z.string().nullable(),
  /** The bank details snapshotted at submission: where the payout goes. */
  bank: z.object({ bank_name: z.string(), account_number: z.string(), account_name: z.string() }),
  /**
   * Where the latest payout attempt goes when that is not `bank`: the customer changed their bank
   * details after a failed payout and it was sent again to the new account. Absent otherwise.
   */
  payout_account: z.object({ bank_name: z.string(), account_number: z.string(), account_name: z.string() }).nullish(),
  timeline: z.array(saleTimelineEntrySchema),
  /** Why staff rejected the sale, in the customer's words (null unless rejected). */
  rejection_reason: z.string().nullable(),
  /** The reviewer's own message to the customer about a rejection, when they wrote one. */
  rejection_message: z.string().nullish(),
  /** The reason's code (null unless rejected): a crypto rejection decides what happens to the coins. */
  rejection_code: z.enum(SALE_REJECTION_CODES).nullish(),
  /** A rejected crypto sale's return to the customer's wallet (null until they ask for it). */
  crypto_return: cryptoReturnSchema.nullish(),
  payout_reference: z.string().nullable(),
  /** When staff approved or rejected it (null before): the "Reviewed" time of the receipt. */
  decided_at: z.string().nullish(),
  // A crypto sale's own facts (null for a gift card). The server always sends them; they are
  // optional in the type only so that a gift-card SaleDetail written before them still checks.
  /** The coin sold. */
  coin: z.enum(COIN_IDS).nullish(),
  /** How much of it, a decimal string ("0.015"). */
  coin_amount: z.string().nullish(),
  /** The transaction ID the customer gave. */
  transaction_id: z.string().nullish(),
  /** The quote's prices (docs/decisions.md §4): value = coin_amount × price_usd × rate_ngn_per_usd. */
  crypto: z
    .object({
      symbol: z.string(),
      price_usd: z.string(),
      /** USDT/NGN market rate ± the USDT adjustment. */
      usdt_rate_ngn: z.string(),
      /** The coin's own adjustment, signed ("+10", "-20", "0"). */
      coin_adjustment_ngn: z.string(),
      rate_ngn_per_usd: z.string(),
    })
    .nullish(),
});
export type SaleDetail = z.infer<typeof saleDetailSchema>;

/** 201 from POST /api/giftcards/sales and POST /api/crypto/sales (the same body again for a repeated Idempotency-Key). */
export const saleResponseSchema = z.object({ sale: saleDetailSchema });
export type SaleResponse = z.infer<typeof saleResponseSchema>;

/** GET /api/transactions/:id */
export const transactionDetailResponseSchema = z.object({ transaction: saleDetailSchema });
export type TransactionDetailResponse = z.infer<typeof transactionDetailResponseSchema>;

/** `meta` of a 409 RATE_CHANGED: the current rate and the value the amount now has. */
export const rateChangedMetaSchema = z.object({ exchange_rate: z.string(), value_kobo: z.number().int() });
export type RateChangedMeta = z.infer<typeof rateChangedMetaSchema>;
