import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CRYPTO_SALE_SCREENSHOTS,
  CRYPTO_TRANSACTION_ID_MAX,
  cryptoSaleFieldsSchema,
  firstIssuePerField,
  httpMessages,
  SALE_IMAGE_MAX_BYTES,
  saleErrorCodes,
  saleHeadersSchema,
  saleMessages,
  saleResponseSchema,
} from '@wise/shared';
import type { RouteContext } from '#server/context';
import type { QuoteDeps } from '#server/domain/crypto/quotes';
import { DomainError, validationError } from '#server/domain/errors';
import { submitCryptoSale } from '#server/domain/sales/crypto';
import { processSaleImage, type ImageMessages } from '#server/domain/uploads/image';
import { currentUser } from '#server/plugins/sessions';
import { readSaleForm, type SaleFormSpec } from '../sales/form';
import { errorResponses } from '../schemas';

const tags = ['crypto'];

const TEXT_FIELDS = new Set(['quote_id', 'transaction_id', 'network', 'user_id']);
/**
 * What the original sell_cryptocurrency.php also sent — the value the browser computed (`amount`), the
 * coin and its logo, the kind and a comment field — and a value field a tampered client might add.
 * The sale's figures are its quote's: these are read and dropped, never trusted nor stored.
 */
const IGNORED_FIELDS = new Set([
  'amount',
  'value_kobo',
  'value_ngn',
  'rate_ngn_per_usd',
  'price_usd',
  'coin',
  'transaction_type',
  'crypto_logo',
]);
/** A transaction ID in 4-byte UTF-8 with room to spare; anything longer is cut off by busboy and refused. */
const FIELD_MAX_BYTES = CRYPTO_TRANSACTION_ID_MAX * 4 + 64;

const screenshotMessages: ImageMessages = {
  missing: saleMessages.screenshotRequired,
  tooLarge: saleMessages.screenshotTooLarge,
  notImage: saleMessages.screenshotNotImage,
  tooManyPixels: saleMessages.screenshotTooManyPixels,
  unreadable: saleMessages.screenshotUnreadable,
  heicUnsupported: saleMessages.screenshotHeicUnsupported,
};

/** The screenshot checked and re-encoded like a card image; a refusal names the field, so the form can show it under the picker. */
async function processScreenshot(raw: Buffer): Promise<Buffer> {
  try {
    return await processSaleImage(raw, screenshotMessages);
  } catch (error) {
    if (error instanceof DomainError)
      throw new DomainError(error.code, error.message, error.status, { fields: { screenshot: error.message } });
    throw error;
  }
}

const cryptoSaleForm: SaleFormSpec = {
  fileField: 'screenshot',
  textFields: TEXT_FIELDS,
  ignoredFields: IGNORED_FIELDS,
  tooLong: { transaction_id: saleMessages.transactionIdTooLong },
  processImage: processScreenshot,
  messages: {
    notMultipart: saleMessages.notMultipartScreenshot,
    wrongFileField: saleMessages.screenshotNotImage,
    tooLarge: saleMessages.screenshotTooLarge,
    tooMany: saleMessages.screenshotTooMany,
  },
  tooManyCode: saleErrorCodes.imagesTooMany,
};

/**
 * docs/product.md §7 sell_cryptocurrency.php → POST /api/crypto/sales (registered under /api/crypto). Its own
 * plugin, so only this route reads multipart bodies, with one screenshot's limits.
 */
export const cryptoSaleRoutes: FastifyPluginAsyncZod<{ ctx: RouteContext; quoteDeps: QuoteDeps }> = async (app, { ctx, quoteDeps }) => {
  const { db, rates } = ctx;
  // files: at the limit busboy stops and we answer "one screenshot", without reading a second one.
  await app.register(multipart, {
    limits: {
      fileSize: SALE_IMAGE_MAX_BYTES,
      files: CRYPTO_SALE_SCREENSHOTS,
      fields: TEXT_FIELDS.size + IGNORED_FIELDS.size,
      parts: CRYPTO_SALE_SCREENSHOTS + TEXT_FIELDS.size + IGNORED_FIELDS.size,
      fieldSize: FIELD_MAX_BYTES,
      headerPairs: 100,
    },
  });

  app.post(
    '/',
    {
      schema: {
        tags,
        summary:
          'Sell coins at a quote (multipart: quote_id, network (required for USDT: tron or bsc), transaction_id?, one file "screenshot")',
        description:
          "The value, coin and amount are the quote's: it must be the customer's own, unexpired and not sold before (409 QUOTE_USED). " +
          'An expired quote is a 409 QUOTE_EXPIRED with a fresh quote for the same coin and amount in meta.quote (503 PRICES_STALE when prices are stale). ' +
          'The same Idempotency-Key with the same request answers the first sale again; with a different request, 422.',
        consumes: ['multipart/form-data'],
        headers: saleHeadersSchema,
        response: { 201: saleResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const userId = currentUser(request).id;
      await rates.consume('saleSubmitPerUser', userId);
      const form = await readSaleForm(request, userId, cryptoSaleForm);
      const parsed = cryptoSaleFieldsSchema.safeParse(form.fields);
      const fieldErrors = parsed.success ? {} : firstIssuePerField(parsed.error.issues);
      const [screenshot] = form.images;
      if (!screenshot) fieldErrors.screenshot = saleMessages.screenshotRequired;
      const firstError = Object.values(fieldErrors)[0];
      if (!parsed.success || !screenshot || firstError) throw validationError(firstError ?? httpMessages.badRequest, fieldErrors);
      const result = await submitCryptoSale(
        db,
        {
          clock: ctx.clock,
          store: ctx.files,
          onCleanupError: (error) => request.log.warn({ err: error }, 'sale image cleanup failed'),
          quotes: quoteDeps,
        },
        { userId, idempotencyKey: request.headers['idempotency-key'], fields: parsed.data, screenshot },
      );
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(201).send({ sale: result.sale });
    },
  );
};
