import { createHash } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  firstIssuePerField,
  giftCardDetailResponseSchema,
  giftCardListResponseSchema,
  giftCardSearchSchema,
  giftCardSlugParamsSchema,
  httpMessages,
  SALE_COMMENT_MAX,
  SALE_IMAGE_MAX_BYTES,
  SALE_IMAGES_MAX,
  saleErrorCodes,
  saleHeadersSchema,
  giftCardSaleFieldsSchema,
  saleMessages,
  saleResponseSchema,
} from '@wise/shared';
import type { RouteContext } from '../../context';
import { DomainError, forbidden, validationError } from '../../domain/errors';
import { renderCardArt } from '../../domain/giftcards/art';
import { findCardForArt, getGiftCard, listGiftCards, searchGiftCards } from '../../domain/giftcards/catalogue';
import { submitGiftCardSale, type SaleImageInput } from '../../domain/sales/submit';
import { processSaleImage, uploadErrorCodes } from '../../domain/uploads/image';
import { currentUser } from '../../plugins/sessions';
import { errorResponses } from '../schemas';

const tags = ['giftcards'];

/** The text fields a sale may carry, and how long any of them may be (a comment in 4-byte UTF-8). */
const SALE_TEXT_FIELDS = new Set(['subcategory_id', 'gift_card_id', 'amount', 'expected_rate', 'comment', 'card_code', 'user_id']);
const FIELD_MAX_BYTES = SALE_COMMENT_MAX * 4 + 64;

const imageTooLarge = () =>
  new DomainError(uploadErrorCodes.tooLarge, saleMessages.imageTooLarge, 413, { fields: { images: saleMessages.imageTooLarge } });
const tooManyImages = () =>
  new DomainError(saleErrorCodes.imagesTooMany, saleMessages.imagesTooMany, 400, { fields: { images: saleMessages.imagesTooMany } });

/** Multipart's own limit errors, as the customer should read them. */
function multipartFailure(error: unknown): DomainError | undefined {
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return imageTooLarge();
  if (code === 'FST_FILES_LIMIT') return tooManyImages();
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return new DomainError('VALIDATION', httpMessages.payloadTooLarge, 413);
  return undefined;
}

interface ParsedSale {
  fields: Record<string, string>;
  images: SaleImageInput[];
}

/**
 * Reads the multipart body one part at a time: each image is hashed as sent (for the
 * Idempotency-Key), then checked and re-encoded at once, so at most one raw image is in memory.
 */
async function readSaleForm(request: FastifyRequest, userId: string): Promise<ParsedSale> {
  if (!request.isMultipart()) throw new DomainError('VALIDATION', saleMessages.notMultipart, 415);
  const fields: Record<string, string> = {};
  const images: SaleImageInput[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'images') throw validationError(saleMessages.imageNotImage, { images: saleMessages.imageNotImage });
        const raw = await part.toBuffer();
        // A browser sends an empty part for a file input left empty: that is no image, not a bad one.
        if (raw.length === 0 && !part.filename) continue;
        images.push({ sourceDigest: createHash('sha256').update(raw).digest('hex'), body: await processSaleImage(raw) });
        continue;
      }
      if (!SALE_TEXT_FIELDS.has(part.fieldname) || part.fieldname in fields) {
        throw validationError(httpMessages.badRequest, { [SALE_TEXT_FIELDS.has(part.fieldname) ? part.fieldname : '_']: httpMessages.badRequest });
      }
      if (part.valueTruncated || typeof part.value !== 'string') {
        const message = part.fieldname === 'comment' ? saleMessages.commentTooLong : httpMessages.badRequest;
        throw validationError(message, { [part.fieldname]: message });
      }
      fields[part.fieldname] = part.value;
    }
  } catch (error) {
    throw multipartFailure(error) ?? error;
  }
  // SPEC's calls carried user_id; the sale is always the session's own (DESIGN §3).
  if (fields.user_id !== undefined && fields.user_id !== userId) throw forbidden();
  delete fields.user_id;
  return { fields, images };
}

/**
 * SPEC §7 get_gift_cards → GET /api/giftcards; search_cards?query → GET /api/giftcards/search;
 * get_gift_card_subcategories.php?gift_card_id (GET) → GET /api/giftcards/:slug;
 * the same (POST, the sale) → POST /api/giftcards/sales. Card artwork: GET /api/giftcards/art/:file.
 */
export const giftCardRoutes: FastifyPluginAsyncZod<{ ctx: RouteContext }> = async (app, { ctx }) => {
  const { db, rates } = ctx;
  // Only this plugin's routes accept multipart bodies, with a sale's limits. files: one more than
  // allowed would be read before refusing; at the limit busboy stops and we answer "at most 10".
  await app.register(multipart, {
    limits: {
      fileSize: SALE_IMAGE_MAX_BYTES,
      files: SALE_IMAGES_MAX,
      fields: SALE_TEXT_FIELDS.size,
      parts: SALE_IMAGES_MAX + SALE_TEXT_FIELDS.size,
      fieldSize: FIELD_MAX_BYTES,
      headerPairs: 100,
    },
  });

  app.get(
    '/',
    { schema: { tags, summary: 'Enabled gift cards by name (get_gift_cards)', response: { 200: giftCardListResponseSchema, ...errorResponses } } },
    async () => ({ cards: await listGiftCards(db) }),
  );

  app.get(
    '/search',
    {
      schema: {
        tags,
        summary: 'Cards whose name contains the query, any case (search_cards)',
        querystring: giftCardSearchSchema,
        response: { 200: giftCardListResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ cards: await searchGiftCards(db, request.query.query) }),
  );

  app.get(
    '/art/:file',
    {
      schema: {
        tags,
        summary: "A card's drawn artwork (SVG: brand colour and name, no third-party logo)",
        params: z.object({ file: z.string().max(64).regex(/^[a-z0-9]+(?:-[a-z0-9]+)*\.svg$/) }),
      },
    },
    async (request, reply) => {
      const card = await findCardForArt(db, request.params.file.slice(0, -'.svg'.length));
      if (!card) throw new DomainError('NOT_FOUND', httpMessages.notFound, 404);
      return reply
        .header('content-type', 'image/svg+xml; charset=utf-8')
        .header('cache-control', 'private, max-age=3600')
        // An SVG opened on its own is a document: it may run nothing and load nothing.
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .send(renderCardArt(card));
    },
  );

  app.get(
    '/:slug',
    {
      schema: {
        tags,
        summary: 'A card and its sub-categories with rates (get_gift_card_subcategories.php GET)',
        params: giftCardSlugParamsSchema,
        response: { 200: giftCardDetailResponseSchema, ...errorResponses },
      },
    },
    async (request) => getGiftCard(db, request.params.slug),
  );

  app.post(
    '/sales',
    {
      schema: {
        tags,
        summary: 'Sell a gift card (multipart: subcategory_id, amount, expected_rate, comment?, card_code?, gift_card_id?, 1-10 files "images")',
        description:
          'The value is recomputed from the current rate: a rate other than expected_rate is a 409 RATE_CHANGED with the new value in meta. ' +
          'The same Idempotency-Key with the same request answers the first sale again; with a different request, 422.',
        consumes: ['multipart/form-data'],
        headers: saleHeadersSchema,
        response: { 201: saleResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const userId = currentUser(request).id;
      await rates.consume('saleSubmitPerUser', userId);
      const form = await readSaleForm(request, userId);
      const parsed = giftCardSaleFieldsSchema.safeParse(form.fields);
      const fieldErrors = parsed.success ? {} : firstIssuePerField(parsed.error.issues);
      if (form.images.length === 0) fieldErrors.images = saleMessages.imagesRequired;
      const firstError = Object.values(fieldErrors)[0];
      if (!parsed.success || firstError) throw validationError(firstError ?? httpMessages.badRequest, fieldErrors);
      const result = await submitGiftCardSale(
        db,
        { clock: ctx.clock, store: ctx.files, onCleanupError: (error) => request.log.warn({ err: error }, 'sale image cleanup failed') },
        { userId, idempotencyKey: request.headers['idempotency-key'], fields: parsed.data, images: form.images },
      );
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      return reply.status(201).send({ sale: result.sale });
    },
  );
};
