import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { httpMessages, SALE_IMAGE_MAX_BYTES } from '@wise/shared';
import {
  adminGiftCardListSchema,
  adminGiftCardResponseSchema,
  adminSubcategoryResponseSchema,
  catalogueIdParamsSchema,
  catalogueMessages,
  createGiftCardSchema,
  createSubcategorySchema,
  rateHistoryResponseSchema,
  updateGiftCardSchema,
  updateSubcategorySchema,
} from '@wise/shared/admin';
import type { RouteContext } from '#server/context';
import {
  createGiftCard,
  createSubcategory,
  listAdminGiftCards,
  listRateHistory,
  readAdminCardImage,
  replaceGiftCardImage,
  updateGiftCard,
  updateSubcategory,
  type StaffCall,
} from '#server/domain/admin/catalogue';
import { DomainError, validationError } from '#server/domain/errors';
import { uploadErrorCodes } from '#server/domain/uploads/image';
import { staffRequestView } from '#server/domain/staff/requests';
import { currentStaff } from '#server/plugins/staff-sessions';
import { staffConfirmer, withoutConfirmation } from './confirmation';
import { errorResponses } from '../schemas';

const tags = ['admin: catalogue'];
const admin = { staff: 'admin' } as const;

/** The one file of an image upload, in the field `image`; multipart's limit errors made readable. */
async function readImageUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart())
    throw new DomainError('VALIDATION', catalogueMessages.imageRequired, 415, { fields: { image: catalogueMessages.imageRequired } });
  let image: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file' || part.fieldname !== 'image' || image !== undefined) {
        throw validationError(httpMessages.badRequest, { [part.fieldname === 'image' ? 'image' : '_']: httpMessages.badRequest });
      }
      image = await part.toBuffer();
    }
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new DomainError(uploadErrorCodes.tooLarge, catalogueMessages.imageTooLarge, 413, {
        fields: { image: catalogueMessages.imageTooLarge },
      });
    }
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw validationError(httpMessages.badRequest, { image: httpMessages.badRequest });
    throw error;
  }
  if (!image || image.length === 0) throw validationError(catalogueMessages.imageRequired, { image: catalogueMessages.imageRequired });
  return image;
}

/**
 * Gift cards, sub-categories and rates (admins only; docs/decisions.md §8): GET/POST /api/admin/giftcards,
 * PATCH /:id, POST /:id/image (multipart `image`), GET /:id/image, POST /:id/subcategories,
 * PATCH /subcategories/:id, GET /subcategories/:id/rates.
 */
export const adminCatalogueRoutes: FastifyPluginAsyncZod<{ ctx: RouteContext }> = async (app, { ctx }) => {
  // Only this plugin's routes take multipart bodies here: one picture, a sale image's size limit.
  await app.register(multipart, { limits: { fileSize: SALE_IMAGE_MAX_BYTES, files: 1, fields: 0, parts: 2, headerPairs: 100 } });
  await app.register(giftCardRoutes, { ctx });
  await app.register(cardImageRoutes, { ctx });
  await app.register(subcategoryRoutes, { ctx });
};

/** Who changes the catalogue, for the audit log. */
const staffCall = (request: FastifyRequest): StaffCall => ({ staff: currentStaff(request), ip: request.ip });

/** The cards themselves: listed, added, renamed, enabled or disabled. */
const giftCardRoutes: FastifyPluginAsyncZod<{ ctx: RouteContext }> = async (app, { ctx }) => {
  const { db, clock } = ctx;
  const deps = { clock };

  // Read by reviewers too: the review queue filters by card. Every change below is admins only.
  app.get(
    '/',
    {
      config: { staff: 'reviewer' },
      schema: {
        tags,
        summary: 'Every gift card, enabled or not, with all its sub-categories',
        response: { 200: adminGiftCardListSchema, ...errorResponses },
      },
    },
    async () => ({ cards: await listAdminGiftCards(db) }),
  );

  app.post(
    '/',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Add a gift card (its slug is made from the name)',
        body: createGiftCardSchema,
        response: { 201: adminGiftCardResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => reply.status(201).send({ card: await createGiftCard(db, deps, staffCall(request), request.body) }),
  );

  app.patch(
    '/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Rename, enable or disable a card, or change its colour',
        params: catalogueIdParamsSchema,
        body: updateGiftCardSchema,
        response: { 200: adminGiftCardResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ card: await updateGiftCard(db, deps, staffCall(request), request.params.id, request.body) }),
  );
};

/** A card's uploaded picture, replaced and read back. */
const cardImageRoutes: FastifyPluginAsyncZod<{ ctx: RouteContext }> = async (app, { ctx }) => {
  const { db, clock } = ctx;

  app.post(
    '/:id/image',
    {
      config: admin,
      schema: {
        tags,
        summary:
          "Upload the card's picture (multipart field `image`: JPEG, PNG or WebP); customers then see it instead of the drawn artwork",
        consumes: ['multipart/form-data'],
        params: catalogueIdParamsSchema,
        response: { 200: adminGiftCardResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const raw = await readImageUpload(request);
      const card = await replaceGiftCardImage(
        db,
        { clock, store: ctx.files, onCleanupError: (error) => request.log.warn({ err: error }, 'catalogue image cleanup failed') },
        staffCall(request),
        request.params.id,
        raw,
      );
      return { card };
    },
  );

  app.get(
    '/:id/image',
    { config: admin, schema: { tags, summary: "The card's uploaded picture (WebP)", params: catalogueIdParamsSchema } },
    async (request, reply) => {
      const body = await readAdminCardImage(db, ctx.files, request.params.id);
      return reply.header('content-type', 'image/webp').header('cache-control', 'private, no-store').send(body);
    },
  );
};

/** A card's sub-categories and their rates; a rate is money, so it needs the admin's own confirmation. */
const subcategoryRoutes: FastifyPluginAsyncZod<{ ctx: RouteContext }> = async (app, { ctx }) => {
  const { db, clock } = ctx;
  const deps = { clock };
  const confirmer = staffConfirmer(ctx);

  app.post(
    '/:id/subcategories',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Add a sub-category (country, kind, currency, band, exchange_rate) to a card',
        params: catalogueIdParamsSchema,
        body: createSubcategorySchema,
        response: { 201: adminSubcategoryResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      // A new sub-category's rate is money as much as a changed one: the admin's own code or passkey.
      await confirmer.verify(request, request.body);
      return reply
        .status(201)
        .send({ subcategory: await createSubcategory(db, deps, staffCall(request), request.params.id, withoutConfirmation(request.body)) });
    },
  );

  app.patch(
    '/subcategories/:id',
    {
      config: admin,
      schema: {
        tags,
        summary:
          'Edit a sub-category; a new exchange_rate needs confirm_code or confirm_passkey, is recorded in its rate history, and beyond RATE_CHANGE_SECOND_APPROVAL_PERCENT waits for a second admin',
        params: catalogueIdParamsSchema,
        body: updateSubcategorySchema,
        response: { 200: adminSubcategoryResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      // A rate change needs the admin's own code or passkey (docs/separation-of-duties.md): a staff cookie alone moves no rate.
      if (request.body.exchange_rate !== undefined) await confirmer.verify(request, request.body);
      const { subcategory, rateRequest } = await updateSubcategory(
        db,
        deps,
        staffCall(request),
        request.params.id,
        withoutConfirmation(request.body),
      );
      return { subcategory, rate_request: rateRequest ? await staffRequestView(db, rateRequest) : null };
    },
  );

  app.get(
    '/subcategories/:id/rates',
    {
      config: admin,
      schema: {
        tags,
        summary: "A sub-category's rate history, newest first",
        params: catalogueIdParamsSchema,
        response: { 200: rateHistoryResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ items: await listRateHistory(db, request.params.id) }),
  );
};
