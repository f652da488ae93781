import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminDeskSummarySchema,
  adminReviewerListSchema,
  adminSaleCardCodeResponseSchema,
  adminSaleClaimResponseSchema,
  assignSaleBodySchema,
  adminSaleDetailResponseSchema,
  adminSaleImageParamsSchema,
  adminSaleListQuerySchema,
  adminSaleListResponseSchema,
  adminSaleParamsSchema,
  transactionRecheckResponseSchema,
} from '@wise/shared/admin';
import type { RouteContext } from '#server/context';
import { claimSale, releaseSale } from '#server/domain/admin/review/decisions';
import { readCardCodeForStaff, readSaleImageForStaff } from '#server/domain/admin/review/detail';
import { assignSale, getDeskSummary, listReviewers } from '#server/domain/admin/review/desk';
import { listSaleQueue } from '#server/domain/admin/review/queue';
import { requestTransactionRecheck } from '#server/domain/sales/transaction-check';
import { currentStaff } from '#server/plugins/staff-sessions';
import { errorResponses } from '../schemas';
import { saleApprovalRoutes, saleRejectionRoutes } from './sale-decisions';
import { saleDetailReader } from './sale-detail';
import { salePayoutRoutes } from './sale-payouts';

const tags = ['admin: sales'];
const reviewer = { staff: 'reviewer' } as const;
const admin = { staff: 'admin' } as const;

/**
 * The review queue and the decisions on sales (docs/decisions.md §8). Any signed-in staff
 * member reviews; approving asks for the authenticator code again because it moves money.
 */
export const adminSaleRoutes: FastifyPluginAsyncZod<{ ctx: RouteContext }> = async (app, { ctx }) => {
  await app.register(saleDeskRoutes, { ctx });
  await app.register(saleReadRoutes, { ctx });
  await app.register(saleClaimRoutes, { ctx });
  await app.register(saleApprovalRoutes, { ctx });
  await app.register(saleRejectionRoutes, { ctx });
  await app.register(salePayoutRoutes, { ctx });
};

/** The queue, the desk's header, and an admin's assignment of a sale to a reviewer. */
const saleDeskRoutes: FastifyPluginAsyncZod<{ ctx: RouteContext }> = async (app, { ctx }) => {
  const detail = saleDetailReader(ctx);

  app.get(
    '/',
    {
      config: reviewer,
      schema: {
        tags,
        summary: 'The review queue: pending sales oldest first (or decided ones newest first), filtered, keyset-paged',
        querystring: adminSaleListQuerySchema,
        response: { 200: adminSaleListResponseSchema, ...errorResponses },
      },
    },
    async (request) => listSaleQueue(ctx.db, ctx.clock, request.query, currentStaff(request).id),
  );

  app.get(
    '/desk',
    {
      config: reviewer,
      schema: {
        tags,
        summary:
          "The review desk's header: sales waiting by kind (count and naira), the caller's assigned ones, today's approvals, rejections and paid total (APP_TIMEZONE), REVIEW_TARGET_MINUTES",
        response: { 200: adminDeskSummarySchema, ...errorResponses },
      },
    },
    async (request) =>
      getDeskSummary(
        ctx.db,
        ctx.clock,
        { timeZone: ctx.config.APP_TIMEZONE, reviewTargetMinutes: ctx.config.REVIEW_TARGET_MINUTES },
        currentStaff(request).id,
      ),
  );

  app.get(
    '/assignees',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Admin: the active staff a sale can be assigned to',
        response: { 200: adminReviewerListSchema, ...errorResponses },
      },
    },
    async () => listReviewers(ctx.db),
  );

  app.post(
    '/:id/assign',
    {
      config: admin,
      schema: {
        tags,
        summary:
          'Admin: give a waiting sale to a reviewer (their "mine" first), or take it back with null; audited (400 ASSIGNEE_NOT_ACTIVE, 409 SALE_ALREADY_DECIDED)',
        params: adminSaleParamsSchema,
        body: assignSaleBodySchema,
        response: { 200: adminSaleDetailResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await assignSale(ctx.db, ctx.clock, currentStaff(request), request.params.id, { staffId: request.body.staff_id }, request.ip);
      return detail(request.params.id);
    },
  );
};

/** One sale for review: its detail, images and card code, and a fresh on-chain check of a crypto sale's transaction ID. */
const saleReadRoutes: FastifyPluginAsyncZod<{ ctx: RouteContext }> = async (app, { ctx }) => {
  const detail = saleDetailReader(ctx);

  app.get(
    '/:id',
    {
      config: reviewer,
      schema: {
        tags,
        summary:
          'One sale for review: customer, images, terms and rates, whether there is a card code, bank, history, payouts, claim, decision, earlier sales',
        params: adminSaleParamsSchema,
        response: { 200: adminSaleDetailResponseSchema, ...errorResponses },
      },
    },
    async (request) => detail(request.params.id),
  );

  app.get(
    '/:id/images/:position',
    {
      config: reviewer,
      schema: { tags, summary: "One of the sale's images (WebP), for staff only", params: adminSaleImageParamsSchema },
    },
    async (request, reply) => {
      const image = await readSaleImageForStaff(ctx.db, ctx.files, request.params.id, request.params.position);
      // A customer's card photos are never kept by a shared cache or the browser's disk cache.
      return reply
        .header('content-type', image.contentType)
        .header('cache-control', 'private, no-store')
        .header('content-disposition', 'inline')
        .send(image.body);
    },
  );

  app.post(
    '/:id/card-code',
    {
      config: reviewer,
      schema: {
        tags,
        summary:
          "The gift card's code, for the reviewer holding the sale or an admin; each view audited (403 otherwise, 404 without a code)",
        params: adminSaleParamsSchema,
        response: { 200: adminSaleCardCodeResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const code = await readCardCodeForStaff(ctx.db, ctx.clock, currentStaff(request), request.params.id, request.ip);
      return reply.header('cache-control', 'no-store').send({ card_code: code });
    },
  );

  app.post(
    '/:id/transaction-check',
    {
      config: reviewer,
      schema: {
        tags,
        summary:
          "Check a manual crypto sale's transaction ID on chain again (queued; queued: false when a check asked for is still waiting or there is nothing to check)",
        params: adminSaleParamsSchema,
        response: { 202: transactionRecheckResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => reply.status(202).send({ queued: await requestTransactionRecheck(ctx.db, ctx.clock, request.params.id) }),
  );
};

/** A reviewer's lock on a sale while they look at it. */
const saleClaimRoutes: FastifyPluginAsyncZod<{ ctx: RouteContext }> = async (app, { ctx }) => {
  app.post(
    '/:id/claim',
    {
      config: reviewer,
      schema: {
        tags,
        summary: 'Lock the sale to the caller for SALE_CLAIM_MINUTES (409 naming who holds it otherwise)',
        params: adminSaleParamsSchema,
        response: { 200: adminSaleClaimResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ claim: await claimSale(ctx, currentStaff(request), request.params.id, request.ip) }),
  );

  app.post(
    '/:id/release',
    {
      config: reviewer,
      schema: {
        tags,
        summary: 'Give the sale back to the queue',
        params: adminSaleParamsSchema,
        response: { 200: adminSaleClaimResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await releaseSale(ctx, currentStaff(request), request.params.id, request.ip);
      return { claim: null };
    },
  );
};
