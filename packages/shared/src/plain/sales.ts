/*
 * The part of sales.ts that needs no zod (messages, constants, plain helpers), apart so a screen
 * that only shows these does not download zod with the schemas (the JavaScript budgets, docs/PERFORMANCE.md). sales.ts
 * re-exports all of it: import from '@wise/shared' as before.
 */
import { fieldMessages as m } from '../messages';
import { currencySymbol } from './giftcards';

/**
 * Selling (docs/product.md §5 "Gift card sale", "Crypto sale", §4 "Transaction status", §8; docs/decisions.md §4-§5): one sale record
 * for every kind of sale. Naira amounts are integers in kobo; card amounts and rates are decimal
 * strings. The server recomputes every value: what a screen computes here is only a preview.
 */

// ---------------------------------------------------------------------------------------------
// Limits, messages and codes
// ---------------------------------------------------------------------------------------------

export const SALE_KINDS = ['giftcard', 'crypto'] as const;
export type SaleKind = (typeof SALE_KINDS)[number];

/** What the customer's timeline shows (docs/decisions.md §5: pending until reviewed, successful once paid). */
export const SALE_TIMELINE_STATUSES = ['submitted', 'under_review', 'paid', 'rejected'] as const;
export type SaleTimelineStatus = (typeof SALE_TIMELINE_STATUSES)[number];

export const SALE_IMAGES_MAX = 10;
export const SALE_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const SALE_COMMENT_MAX = 500;
export const SALE_CARD_CODE_MAX = 100;
/** Card amounts: at most 2 decimals, and never more than 9 integer digits (no card is worth more). */
export const SALE_AMOUNT_DECIMALS = 2;
export const SALE_AMOUNT_INTEGER_DIGITS_MAX = 9;
/**
 * docs/product.md §5 "Crypto sale": one screenshot of the transfer, and the transaction ID (optional)
 * as typed up to this long — room for an explorer link around the longest ID (a Solana signature,
 * 88); the stored ID itself is at most 88 (docs/identifiers.md).
 */
export const CRYPTO_SALE_SCREENSHOTS = 1;
export const CRYPTO_TRANSACTION_ID_MAX = 300;
/** Idempotency-Key header of a sale submission: 1-100 of [A-Za-z0-9_-]. */
export const SALE_IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;

export const saleMessages = {
  /** docs/product.md §4: after submitting, the customer is told the sale is being verified and paid right after. */
  submitted: 'Your transaction is being verified. Payment will be made right after verification',
  /** docs/product.md §8: every failed sale shows this toast (except a changed rate, shown as the new value). */
  submitFailed: "Couldn't POST transaction reference",
  amountRequired: m.required,
  amountNotNumber: 'Enter the amount as a number, e.g. 50 or 25.50',
  amountNotPositive: 'Amount must be more than 0',
  amountTooManyDecimals: 'Use at most 2 decimal places',
  amountTooLarge: 'Amount is too large',
  amountOutOfBand: (min: string, max: string) => `Enter an amount between ${min} and ${max} for this card`,
  subcategoryRequired: 'Choose a sub-category',
  subcategoryUnavailable: 'This sub-category is not available for this card',
  expectedRateRequired: 'The rate you saw is missing. Reload the card and try again',
  imagesRequired: 'Attach at least one image of the card',
  imagesTooMany: `Attach at most ${SALE_IMAGES_MAX} images`,
  imageNotImage: 'Only JPEG, PNG, WebP or HEIC images can be attached',
  imageTooLarge: 'Each image must be at most 10 MB',
  imageTooManyPixels: 'One of the images is too large to process. Attach a smaller picture',
  imageUnreadable: 'One of the images could not be read. Attach it again as JPEG or PNG',
  heicUnsupported: 'This HEIC photo could not be read. Attach it as JPEG or PNG',
  commentTooLong: `Cannot be more than ${SALE_COMMENT_MAX} characters`,
  cardCodeTooLong: `Cannot be more than ${SALE_CARD_CODE_MAX} characters`,
  /** A code of separators or invisible characters only: nothing in it could tell one card from another. */
  cardCodeEmpty: 'Enter the card code with its letters and digits, as printed on the card',
  /** 409 RATE_CHANGED: the new value is in `meta`; `rate` is written like `₦1,460.00/$`. */
  rateChanged: (rate: string) => `The rate has changed to ${rate}. Check the new value and submit again.`,
  bankDetailsRequired: 'Add your bank details before selling, so we know where to pay you',
  idempotencyKeyRequired: 'Idempotency-Key must be 1-100 letters, digits, "-" or "_"',
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different request',
  notMultipart: 'Send the sale as multipart/form-data with the card images',
  // A crypto sale (POST /api/crypto/sales): the quote it sells at and one screenshot of the transfer.
  quoteRequired: 'The quote is missing. Go back and get a new quote',
  quoteInvalid: 'This is not a valid quote. Go back and get a new quote',
  transactionIdTooLong: `Cannot be more than ${CRYPTO_TRANSACTION_ID_MAX} characters`,
  screenshotRequired: 'Attach a screenshot of your transfer',
  screenshotTooMany: 'Attach one screenshot',
  screenshotNotImage: 'The screenshot must be a JPEG, PNG, WebP or HEIC image',
  screenshotTooLarge: 'The screenshot must be at most 10 MB',
  screenshotTooManyPixels: 'The screenshot is too large to process. Attach a smaller picture',
  screenshotUnreadable: 'The screenshot could not be read. Attach it again as JPEG or PNG',
  screenshotHeicUnsupported: 'This HEIC screenshot could not be read. Attach it as JPEG or PNG',
  notMultipartScreenshot: 'Send the sale as multipart/form-data with the screenshot',
  saleNotFound: 'This transaction does not exist',
  /** 409 TRANSACTION_ID_USED: one deposit is sold once (the field error under the transaction ID). */
  transactionIdUsed:
    'This transaction ID has already been used for another sale. Check the ID, or contact support if this transfer is yours',
  /** 409 CARD_CODE_USED: a code already in a sale that is pending or paid (the field error under the card code). */
  cardCodeUsed: 'This card code has already been submitted in another sale. Check the code, or contact support if this card is yours',
} as const;

/**
 * Why staff rejected a sale (docs/decisions.md §8): the reasons staff choose from, and the words the
 * customer reads for each on the transaction detail, in the notification and in the e-mail.
 * `other` carries the reviewer's own words instead. A gift card and a coin fail for different
 * reasons, so each kind has its own list (`rejectionCodesFor`); the API and the database refuse a
 * reason of the other kind.
 */
export const GIFT_CARD_REJECTION_CODES = [
  'used_card',
  'invalid_code',
  'wrong_card_type',
  'partially_used',
  'unclear_images',
  'other',
] as const;
export const CRYPTO_REJECTION_CODES = ['no_deposit', 'wrong_network', 'amount_differs', 'unconfirmed', 'other'] as const;
export const SALE_REJECTION_CODES = [
  'used_card',
  'invalid_code',
  'wrong_card_type',
  'partially_used',
  'unclear_images',
  'no_deposit',
  'wrong_network',
  'amount_differs',
  'unconfirmed',
  'other',
] as const;
export type SaleRejectionCode = (typeof SALE_REJECTION_CODES)[number];
export type CryptoRejectionCode = (typeof CRYPTO_REJECTION_CODES)[number];
export const rejectionCodesFor = (kind: SaleKind): readonly SaleRejectionCode[] =>
  kind === 'crypto' ? CRYPTO_REJECTION_CODES : GIFT_CARD_REJECTION_CODES;
/** The reviewer picked a reason of the other kind of sale (422, under `reason`). */
export const rejectionReasonWrongKind = 'Choose a reason for this kind of sale';

/**
 * Why staff approved another amount than the quote (sales.approval_reason_code). The customer reads
 * `saleAmountReasons` (./sale-outcomes) on the transaction, in the notification and in the e-mail;
 * for `other` the reviewer's note is their words instead.
 */
export const SALE_APPROVAL_REASON_CODES = ['partially_used', 'balance_lower', 'other'] as const;
export type SaleApprovalReasonCode = (typeof SALE_APPROVAL_REASON_CODES)[number];

// What a customer reads about a sale's outcome lives in ./sale-outcomes, a module of its own: the
// sell forms share this module's chunk with every screen, and need none of it (the screen budgets,
// docs/PERFORMANCE.md).
export { saleRejectionReasons, saleNoticeTexts, saleAmountReasons, saleAmountReasonWords, saleAmountLabels } from './sale-outcomes';

export const saleErrorCodes = {
  rateChanged: 'RATE_CHANGED',
  bankDetailsRequired: 'BANK_DETAILS_REQUIRED',
  idempotencyKeyReused: 'IDEMPOTENCY_KEY_REUSED',
  imagesMissing: 'SALE_IMAGES_MISSING',
  imagesTooMany: 'SALE_IMAGES_TOO_MANY',
  transactionIdUsed: 'TRANSACTION_ID_USED',
  cardCodeUsed: 'CARD_CODE_USED',
} as const;

// ---------------------------------------------------------------------------------------------
// Exact decimal strings (no binary floats anywhere near money)
// ---------------------------------------------------------------------------------------------

export const DECIMAL_PATTERN = /^(\d+)(?:\.(\d+))?$/;

/**
 * docs/product.md §5 "amount numeric", made precise: > 0, at most 2 decimals, at most 9 integer digits.
 * What is wrong with a typed card amount (trimmed first), or undefined when it is a valid one.
 * Each failure names itself, so "-5" is "more than 0" rather than "not a number". `saleAmountField`
 * is this check; screens use it directly for the live value preview, without zod.
 */
export function saleAmountProblem(typed: string): string | undefined {
  const value = typed.trim();
  if (value === '') return saleMessages.amountRequired;
  if (/^-\s*\d+(\.\d+)?$/.test(value)) return saleMessages.amountNotPositive;
  const match = DECIMAL_PATTERN.exec(value);
  if (!match) return saleMessages.amountNotNumber;
  const [, whole = '', fraction = ''] = match;
  if (fraction.length > SALE_AMOUNT_DECIMALS) return saleMessages.amountTooManyDecimals;
  if (whole.replace(/^0+(?=\d)/, '').length > SALE_AMOUNT_INTEGER_DIGITS_MAX) return saleMessages.amountTooLarge;
  if (!/[1-9]/.test(value)) return saleMessages.amountNotPositive;
  return undefined;
}

/** A plain non-negative decimal string ("25", "25.5") as an integer of its own decimals. */
function exactDecimal(value: string): { digits: bigint; scale: number } | undefined {
  const match = DECIMAL_PATTERN.exec(value);
  if (!match) return undefined;
  const fraction = match[2] ?? '';
  return { digits: BigInt(`${match[1]}${fraction}`), scale: fraction.length };
}

const groupThousands = (digits: string) => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** `numerator / denominator` rounded half-up (both positive). */
const divideHalfUp = (numerator: bigint, denominator: bigint) => (numerator * 2n + denominator) / (denominator * 2n);

/**
 * A decimal string with grouped thousands and exactly `fractionDigits` decimals, rounded half-up:
 * `formatDecimal('1460.5')` → `1,460.50`. Anything that is not a plain decimal comes back as is.
 */
export function formatDecimal(value: string, fractionDigits = 2): string {
  const parsed = exactDecimal(value.trim());
  if (!parsed) return value;
  const scaled =
    parsed.scale <= fractionDigits
      ? parsed.digits * 10n ** BigInt(fractionDigits - parsed.scale)
      : divideHalfUp(parsed.digits, 10n ** BigInt(parsed.scale - fractionDigits));
  const text = scaled.toString().padStart(fractionDigits + 1, '0');
  const whole = groupThousands(text.slice(0, text.length - fractionDigits));
  return fractionDigits === 0 ? whole : `${whole}.${text.slice(text.length - fractionDigits)}`;
}

/** Kobo (an integer) as naira: `365000050` → `₦3,650,000.50`. */
export function formatKobo(amountKobo: number): string {
  if (!Number.isSafeInteger(amountKobo)) return '';
  const sign = amountKobo < 0 ? '-' : '';
  const text = String(Math.abs(amountKobo)).padStart(3, '0');
  return `${sign}₦${groupThousands(text.slice(0, -2))}.${text.slice(-2)}`;
}

/** A rate as customers read it: `₦1,460.00/$`. */
export const formatRate = (exchangeRate: string, currency: string) => `₦${formatDecimal(exchangeRate)}/${currencySymbol(currency).trim()}`;

/** A card amount with its currency: `$25.50`. */
/** What the sale pickers accept as picked (the server still judges every file by its content). */
export const SALE_IMAGE_PICK_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif'] as const;

export const formatCardAmount = (amount: string, currency: string) => `${currencySymbol(currency)}${formatDecimal(amount)}`;

/** Two plain decimals compared exactly ("25.5" vs "25.50" is 0); undefined if either is not one. */
export function compareDecimalStrings(a: string, b: string): -1 | 0 | 1 | undefined {
  const x = exactDecimal(a.trim());
  const y = exactDecimal(b.trim());
  if (!x || !y) return undefined;
  const scale = Math.max(x.scale, y.scale);
  const left = x.digits * 10n ** BigInt(scale - x.scale);
  const right = y.digits * 10n ** BigInt(scale - y.scale);
  return left === right ? 0 : left < right ? -1 : 1;
}

/** A card amount inside its sub-category's band, edges included: the rule the server enforces. */
export function amountWithinBand(amount: string, band: { min_amount: string; max_amount: string }): boolean {
  const low = compareDecimalStrings(amount, band.min_amount);
  const high = compareDecimalStrings(amount, band.max_amount);
  return low !== undefined && high !== undefined && low >= 0 && high <= 0;
}

/** "Enter an amount between $25.00 and $100.00 for this card", as the server words it. */
export const amountOutOfBandText = (band: { min_amount: string; max_amount: string; currency: string }) =>
  saleMessages.amountOutOfBand(formatCardAmount(band.min_amount, band.currency), formatCardAmount(band.max_amount, band.currency));

/**
 * docs/product.md §9: the cash value is amount × exchange_rate, here in kobo rounded half-up, computed on
 * integers so it is exact. The server computes the same with decimal.js and is the one trusted;
 * undefined while the amount is not a valid one.
 */
export function previewValueKobo(amount: string, exchangeRate: string): number | undefined {
  const a = exactDecimal(amount.trim());
  const r = exactDecimal(exchangeRate.trim());
  if (!a || !r) return undefined;
  const kobo = divideHalfUp(a.digits * r.digits * 100n, 10n ** BigInt(a.scale + r.scale));
  return kobo <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(kobo) : undefined;
}
