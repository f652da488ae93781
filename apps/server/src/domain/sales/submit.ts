import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import {
  formatCardAmount,
  formatRate,
  giftCardErrorCodes,
  SALE_IMAGES_MAX,
  saleErrorCodes,
  saleMessages,
  textsIn,
  type GiftCardSaleFields,
  type SaleDetail,
} from '@wise/shared';
import type { Db } from '#server/db/client';
import { saleImages, sales, uploads, type SaleKindValue } from '#server/db/schema/index';
import type { Clock } from '#server/lib/clock';
import { DatabaseUnreachable, databaseUnreachable } from '#server/lib/db-errors';
import { findInCauses } from '#server/lib/error-causes';
import type { FileStore } from '#server/providers/file-store/index';
import { getPayoutSnapshot } from '../bank/service';
import { DomainError, fieldErrorIn, validationError } from '../errors';
import { findSaleableSubcategory, subcategoryLabel, subcategoryShortLabel, type SaleableSubcategory } from '../giftcards/catalogue';
import { giftCardValueKobo, money, sameDecimal, toCents, withinBand } from '../giftcards/value';
import { perceptualHash } from '../uploads/perceptual-hash';
import { deleteStoredImages, SALE_IMAGE_TYPE, storeSaleImages } from '../uploads/sale-images';
import { cardCodeKeyring, sealCardCode } from './card-codes';
import { refuseUsedCardCode } from './duplicates';
import { assertSubmissionWithinLimits } from '../limits/limits';
import { getSaleDetail } from './detail';

/**
 * Submitting a sale (docs/decisions.md §5): the steps every kind shares — Idempotency-Key, bank details,
 * images stored first, one transaction for the sale, its images and its first status event, files
 * deleted again if that fails — in `submitSale`; what a kind checks and records is handed in
 * (`submitGiftCardSale` here, `submitCryptoSale` in crypto.ts).
 */

export interface SaleDeps {
  clock: Clock;
  store: FileStore;
  onCleanupError: (error: unknown) => void;
}

export interface SaleImageInput {
  /** The re-encoded image that is stored (processSaleImage). */
  body: Buffer;
  /** sha256 of the bytes the customer sent: part of what an Idempotency-Key stands for. */
  sourceDigest: string;
}

export interface GiftCardSaleRequest {
  userId: string;
  idempotencyKey: string;
  fields: GiftCardSaleFields;
  images: readonly SaleImageInput[];
}

export interface SubmittedSale {
  sale: SaleDetail;
  /** True when the Idempotency-Key had already made this sale. */
  replayed: boolean;
}

/**
 * A sale that could not be written, described by what the database objected to and nothing more:
 * drivers quote the failing row (PostgreSQL's "Failing row contains (…)"), and that row holds the
 * card code, the comment and the payout account, which must never reach a log.
 */
export class SaleWriteError extends Error {
  readonly sqlState: string | undefined;
  readonly constraint: string | undefined;
  constructor(error: unknown) {
    const found = findInCauses(error, ({ code, constraint }) =>
      typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)
        ? { code, constraint: typeof constraint === 'string' ? constraint : undefined }
        : undefined,
    );
    const sqlState = found?.code;
    const constraint = found?.constraint;
    const kind = error instanceof Error ? error.constructor.name : typeof error;
    // A lost connection quotes no row: it is kept (as a stand-in) so the customer gets the outage's 503.
    super(
      `the sale could not be written (${kind}${sqlState ? `, SQLSTATE ${sqlState}` : ''}${constraint ? `, constraint ${constraint}` : ''})`,
      databaseUnreachable(error) ? { cause: new DatabaseUnreachable(error) } : undefined,
    );
    this.name = 'SaleWriteError';
    this.sqlState = sqlState;
    this.constraint = constraint;
  }
}

export const keyReused = () => new DomainError(saleErrorCodes.idempotencyKeyReused, saleMessages.idempotencyKeyReused, 422);
const bankDetailsRequired = () => new DomainError(saleErrorCodes.bankDetailsRequired, saleMessages.bankDetailsRequired, 409);

/** What an Idempotency-Key stands for: a sha256 of the request as the server understands it. */
export const requestHashOf = (normalised: Record<string, unknown>) => createHash('sha256').update(JSON.stringify(normalised)).digest('hex');
const subcategoryUnavailable = () =>
  new DomainError(giftCardErrorCodes.notFound, saleMessages.subcategoryUnavailable, 404, {
    fields: { subcategory_id: saleMessages.subcategoryUnavailable },
  });

/**
 * What an Idempotency-Key is bound to: the fields as the server understands them (so "25.5" and
 * "25.50" are one request) and the bytes of every image, in order.
 */
export function saleRequestHash(fields: GiftCardSaleFields, imageDigests: readonly string[]): string {
  return requestHashOf({
    kind: 'giftcard',
    subcategory_id: fields.subcategory_id.toLowerCase(),
    gift_card_id: fields.gift_card_id?.toLowerCase() ?? null,
    amount: toCents(fields.amount),
    expected_rate: money(fields.expected_rate).toFixed(),
    comment: fields.comment ?? null,
    card_code: fields.card_code ?? null,
    images: imageDigests,
  });
}

async function saleByKey(db: Db, userId: string, key: string): Promise<{ id: string; requestHash: string } | undefined> {
  const [row] = await db
    .select({ id: sales.id, requestHash: sales.requestHash })
    .from(sales)
    .where(and(eq(sales.userId, userId), eq(sales.idempotencyKey, key)))
    .limit(1);
  return row;
}

/** The first sale made with this key, if the request is the same one; a different one is a 422. */
async function replay(db: Db, userId: string, idempotencyKey: string, requestHash: string): Promise<SubmittedSale | undefined> {
  const first = await saleByKey(db, userId, idempotencyKey);
  if (!first) return undefined;
  if (first.requestHash !== requestHash) throw keyReused();
  return { sale: await getSaleDetail(db, userId, first.id), replayed: true };
}

/** The columns of a sale that its kind decides (everything but who, when, the key and the payout account). */
export type SaleTerms = Omit<
  typeof sales.$inferInsert,
  | 'id'
  | 'userId'
  | 'status'
  | 'statusChangedAt'
  | 'createdAt'
  | 'idempotencyKey'
  | 'requestHash'
  | 'bankCode'
  | 'bankName'
  | 'accountNumber'
  | 'accountName'
  | 'accountNameMatch'
> & { kind: SaleKindValue };

export interface SaleSubmission {
  userId: string;
  idempotencyKey: string;
  /** requestHashOf the kind's normalised fields and the images' source digests. */
  requestHash: string;
  images: readonly SaleImageInput[];
  /**
   * Checks the request against things as they are at `now` and returns the sale's terms, or throws
   * the customer's refusal. Called before any file is written (the common refusals cost no
   * storage) and again inside the sale's transaction, whose `now` the sale is stamped with.
   */
  terms: (db: Db, now: Date) => Promise<SaleTerms>;
  /** A unique violation (or a trigger's refusal) of the kind's own, not the Idempotency-Key's, as the customer should read it. */
  conflict?: (constraint: string) => DomainError | undefined;
  /** Inside the sale's transaction, once it is written: what the kind queues with it. */
  written?: (tx: Db, sale: { id: string; transactionId: string | null }) => Promise<void>;
}

/**
 * The steps every sale goes through (sales/README.md "Submitting"): the same key and request →
 * the first sale again; bank details on file, snapshotted; the kind's terms; the images written;
 * one transaction for the sale, its uploads and its images; files deleted if anything fails.
 */
export async function submitSale(db: Db, deps: SaleDeps, submission: SaleSubmission): Promise<SubmittedSale> {
  const { userId, idempotencyKey, requestHash } = submission;
  const replayed = await replay(db, userId, idempotencyKey, requestHash);
  if (replayed) return replayed;
  let saleId: string;
  try {
    saleId = await writeSale(db, deps, submission);
  } catch (error) {
    // A twin request with the same key may have committed since the check above. Whatever stopped
    // this one — a unique index, the quote the twin has just sold — the answer is the twin's sale,
    // as a retry would get it (or 422 if the twin was a different request).
    const first = await replay(db, userId, idempotencyKey, requestHash);
    if (first) return first;
    const refusal =
      error instanceof SaleWriteError && (error.sqlState === '23505' || error.sqlState === '23514')
        ? submission.conflict?.(error.constraint ?? '')
        : undefined;
    throw refusal ?? error;
  }
  // Read after the commit (and outside the clean-up above: the files now belong to a sale).
  return { sale: await getSaleDetail(db, userId, saleId), replayed: false };
}

/** Everything after the Idempotency-Key check; on a failure nothing is left behind, no row and no file. */
async function writeSale(db: Db, deps: SaleDeps, submission: SaleSubmission): Promise<string> {
  const { userId, idempotencyKey, requestHash, images } = submission;
  // The payout account as it is now, with its name verdict (account_name_match: staff see a partial fit).
  const snapshot = await getPayoutSnapshot(db, userId);
  if (!snapshot) throw bankDetailsRequired();

  const early = await submission.terms(db, deps.clock.now());
  // The payout limits (domain/limits): refused before any file is written, and again below under
  // the customer's row lock, where parallel submissions are counted one after the other.
  await assertSubmissionWithinLimits(db, deps.clock, userId, early.valueKobo, false);

  // Each image's perceptual hash, from the stored bytes (one at a time: one decode in memory).
  const phashes: bigint[] = [];
  for (const image of images) phashes.push(await perceptualHash(image.body));
  // And its exact digest: a crypto screenshot is matched by the very same image, not a look-alike (0051).
  const digests = images.map((image) => createHash('sha256').update(image.body).digest('hex'));

  const stored = await storeSaleImages(
    deps.store,
    images.map((image) => image.body),
    deps.onCleanupError,
  );
  try {
    return await db.transaction(async (tx) => {
      const now = deps.clock.now();
      const terms = await submission.terms(tx, now);
      await assertSubmissionWithinLimits(tx, deps.clock, userId, terms.valueKobo);
      const [sale] = await tx
        .insert(sales)
        .values({
          ...terms,
          userId,
          status: 'submitted',
          statusChangedAt: now,
          ...snapshot,
          idempotencyKey,
          requestHash,
          createdAt: now,
        })
        .returning({ id: sales.id, transactionId: sales.transactionId });
      if (!sale) throw new Error('sale insert returned no row');
      const uploaded = await tx
        .insert(uploads)
        .values(
          stored.map((image) => ({
            userId,
            storageKey: image.key,
            purpose: 'sale_image' as const,
            contentType: SALE_IMAGE_TYPE,
            sizeBytes: image.sizeBytes,
          })),
        )
        .returning({ id: uploads.id, key: uploads.storageKey });
      const idOf = new Map(uploaded.map((row) => [row.key, row.id]));
      await tx.insert(saleImages).values(
        stored.map((image, position) => {
          const uploadId = idOf.get(image.key);
          if (!uploadId) throw new Error('upload row missing for a stored image');
          return { saleId: sale.id, userId, position, uploadId, phash: phashes[position] ?? null, digest: digests[position] ?? null };
        }),
      );
      await submission.written?.(tx, sale);
      return sale.id;
    });
  } catch (error) {
    await deleteStoredImages(
      deps.store,
      stored.map((image) => image.key),
      deps.onCleanupError,
    );
    if (error instanceof DomainError) throw error;
    // Not rethrown as is, nor as a cause: see SaleWriteError.
    throw new SaleWriteError(error);
  }
}

interface Quote {
  amount: string;
  exchangeRate: string;
  valueKobo: number;
}

/** Checks the request against the sub-category as it is now and prices it. */
function priceSale(found: SaleableSubcategory | undefined, fields: GiftCardSaleFields): Quote & { found: SaleableSubcategory } {
  if (!found) throw subcategoryUnavailable();
  if (fields.gift_card_id && fields.gift_card_id.toLowerCase() !== found.card.id) {
    throw validationError(saleMessages.subcategoryUnavailable, { subcategory_id: saleMessages.subcategoryUnavailable });
  }
  const { subcategory } = found;
  if (!withinBand(fields.amount, subcategory.minAmount, subcategory.maxAmount)) {
    const min = formatCardAmount(subcategory.minAmount, subcategory.currency);
    const max = formatCardAmount(subcategory.maxAmount, subcategory.currency);
    throw fieldErrorIn('amount', (language) => textsIn(saleMessages, language).amountOutOfBand(min, max));
  }
  const amount = toCents(fields.amount);
  let valueKobo: number;
  try {
    valueKobo = giftCardValueKobo(amount, subcategory.exchangeRate);
  } catch (error) {
    if (error instanceof RangeError) throw validationError(saleMessages.amountTooLarge, { amount: saleMessages.amountTooLarge });
    throw error;
  }
  if (!sameDecimal(fields.expected_rate, subcategory.exchangeRate)) {
    const rate = formatRate(subcategory.exchangeRate, subcategory.currency);
    throw new DomainError(saleErrorCodes.rateChanged, saleMessages.rateChanged(rate), 409, {
      meta: { exchange_rate: subcategory.exchangeRate, value_kobo: valueKobo },
      words: (language) => textsIn(saleMessages, language).rateChanged(rate),
    });
  }
  return { found, amount, exchangeRate: subcategory.exchangeRate, valueKobo };
}

/**
 * A gift-card sale (routes/sales; /api/docs): the server recomputes the value from the
 * sub-category's current rate, and the rate the customer saw must still hold (re-checked under a
 * share lock inside the sale's transaction).
 */
export async function submitGiftCardSale(db: Db, deps: SaleDeps, request: GiftCardSaleRequest): Promise<SubmittedSale> {
  const { userId, fields, images } = request;
  const keyring = cardCodeKeyring();
  if (images.length === 0) throw validationError(saleMessages.imagesRequired, { images: saleMessages.imagesRequired });
  if (images.length > SALE_IMAGES_MAX) throw validationError(saleMessages.imagesTooMany, { images: saleMessages.imagesTooMany });
  return submitSale(db, deps, {
    userId,
    idempotencyKey: request.idempotencyKey,
    requestHash: saleRequestHash(
      fields,
      images.map((image) => image.sourceDigest),
    ),
    images,
    terms: async (tx) => {
      const priced = priceSale(await findSaleableSubcategory(tx, fields.subcategory_id), fields);
      const { card, subcategory } = priced.found;
      // One card, one sale: the same code in a sale that is not rejected is refused (duplicates.ts).
      if (fields.card_code) await refuseUsedCardCode(tx, keyring, fields.card_code);
      const sealed = fields.card_code ? sealCardCode(keyring, userId, fields.card_code) : undefined;
      return {
        kind: 'giftcard',
        giftCardId: card.id,
        subcategoryId: subcategory.id,
        title: `${card.name} · ${subcategoryShortLabel(subcategory)}`,
        subcategoryLabel: subcategoryLabel(subcategory),
        currency: subcategory.currency,
        currencyAmount: priced.amount,
        exchangeRate: priced.exchangeRate,
        valueKobo: priced.valueKobo,
        comment: fields.comment ?? null,
        cardCodeCiphertext: sealed?.ciphertext ?? null,
        cardCodeKeyId: sealed?.keyId ?? null,
        cardCodeHash: sealed?.hash ?? null,
        cardCodeHashVersion: sealed?.hashVersion ?? null,
      };
    },
  });
}
