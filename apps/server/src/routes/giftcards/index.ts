import multipart from '@fastify/multipart';
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
import type { RouteContext } from '#server/context';
import { catalogueAnswer } from '#server/domain/catalogue-cache';
import { DomainError, validationError } from '#server/domain/errors';
import { renderCardArt } from '#server/domain/giftcards/art';
import {
  cardImageUrl,
  findCardForArt,
  getGiftCard,
  listGiftCards,
  readCardImage,
  searchGiftCards,
} from '#server/domain/giftcards/catalogue';
import { submitGiftCardSale } from '#server/domain/sales/submit';
import { processSaleImage } from '#server/domain/uploads/image';
import { sendSerialized, serializerFor } from '#server/lib/response-serializer';
import { currentUser } from '#server/plugins/sessions';
import { readSaleForm, type SaleFormSpec } from '../sales/form';
import { errorResponses } from '../schemas';

const tags = ['giftcards'];

/** The text fields a sale may carry, and how long any of them may be (a comment in 4-byte UTF-8). */
const SALE_TEXT_FIELDS = new Set(['subcategory_id', 'gift_card_id', 'amount', 'expected_rate', 'comment', 'card_code', 'user_id']);
const FIELD_MAX_BYTES = SALE_COMMENT_MAX * 4 + 64;

/** The multipart body of a gift-card sale: its text fields and 1-10 files in `images`. */
const giftCardSaleForm: SaleFormSpec = {
  fileField: 'images',
  textFields: SALE_TEXT_FIELDS,
  tooLong: { comment: saleMessages.commentTooLong },
  processImage: processSaleImage,
  messages: {
    notMultipart: saleMessages.notMultipart,
    wrongFileField: saleMessages.imageNotImage,
    tooLarge: saleMessages.imageTooLarge,
    tooMany: saleMessages.imagesTooMany,
  },
  tooManyCode: saleErrorCodes.imagesTooMany,
};

/**
 * docs/product.md §7 get_gift_cards → GET /api/giftcards; search_cards?query → GET /api/giftcards/search;
 * get_gift_card_subcategories.php?gift_card_id (GET) → GET /api/giftcards/:slug;
 * the same (POST, the sale) → POST /api/giftcards/sales. Card artwork: GET /api/giftcards/art/:file.
 */
export const giftCardRoutes: FastifyPluginAsyncZod<{ ctx: RouteContext }> = async (app, { ctx }) => {
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
  await app.register(catalogueRoutes, { ctx });
  await app.register(cardArtRoutes, { ctx });
  await app.register(saleRoutes, { ctx });
};

/** The enabled cards, a search by name, and one card with its sub-categories and rates. */
const catalogueRoutes: FastifyPluginAsyncZod<{ ctx: RouteContext }> = async (app, { ctx }) => {
  const { db } = ctx;
  const serializeList = serializerFor(giftCardListResponseSchema, 'GET', '/api/giftcards');
  const serializeCard = serializerFor(giftCardDetailResponseSchema, 'GET', '/api/giftcards/:slug');

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'Enabled gift cards by name (get_gift_cards)',
        response: { 200: giftCardListResponseSchema, ...errorResponses },
      },
    },
    // The same for every customer: kept serialized while the catalogue's version stands (domain/catalogue-cache.ts).
    async (_request, reply) =>
      sendSerialized(reply, await catalogueAnswer(db, 'giftcards', 'list', async () => serializeList({ cards: await listGiftCards(db) }))),
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
    '/:slug',
    {
      schema: {
        tags,
        summary: 'A card and its sub-categories with rates (get_gift_card_subcategories.php GET)',
        params: giftCardSlugParamsSchema,
        response: { 200: giftCardDetailResponseSchema, ...errorResponses },
      },
    },
    // Keyed by slug, kept only for a card that exists and is enabled: a bounded set.
    async (request, reply) => {
      const { slug } = request.params;
      return sendSerialized(
        reply,
        await catalogueAnswer(db, 'giftcards', `card:${slug}`, async () => serializeCard(await getGiftCard(db, slug))),
      );
    },
  );
};

/** A card's picture, uploaded by staff or drawn by us. */
const cardArtRoutes: FastifyPluginAsyncZod<{ ctx: RouteContext }> = async (app, { ctx }) => {
  const { db } = ctx;

  app.get(
    '/art/:file',
    {
      schema: {
        tags,
        summary:
          "A card's picture: staff's uploaded one (<name>.webp) or the drawn artwork (<slug>.svg: brand colour and name, no third-party logo)",
        params: z.object({
          file: z
            .string()
            .max(64)
            .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*\.(?:svg|webp)$/),
        }),
      },
    },
    async (request, reply) => {
      const { file } = request.params;
      if (file.endsWith('.webp')) {
        const body = await readCardImage(db, ctx.files, file);
        if (!body) throw new DomainError('NOT_FOUND', httpMessages.notFound, 404);
        // Each upload gets a new random name, so a name's bytes never change.
        return reply.header('content-type', 'image/webp').header('cache-control', 'private, max-age=31536000, immutable').send(body);
      }
      const card = await findCardForArt(db, file.slice(0, -'.svg'.length));
      if (!card) throw new DomainError('NOT_FOUND', httpMessages.notFound, 404);
      // A card staff gave a picture shows it wherever its artwork URL was kept (sales, history).
      if (card.imageKey)
        return reply.header('cache-control', 'private, max-age=300').redirect(cardImageUrl({ slug: '', imageKey: card.imageKey }), 302);
      return (
        reply
          .header('content-type', 'image/svg+xml; charset=utf-8')
          .header('cache-control', 'private, max-age=3600')
          // An SVG opened on its own is a document: it may run nothing and load nothing.
          .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
          .send(renderCardArt(card))
      );
    },
  );
};

/** Selling a card: the multipart form with its pictures. */
const saleRoutes: FastifyPluginAsyncZod<{ ctx: RouteContext }> = async (app, { ctx }) => {
  const { db, rates } = ctx;

  app.post(
    '/sales',
    {
      schema: {
        tags,
        summary:
          'Sell a gift card (multipart: subcategory_id, amount, expected_rate, comment?, card_code?, gift_card_id?, 1-10 files "images")',
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
      const form = await readSaleForm(request, userId, giftCardSaleForm);
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
