import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminDocumentReviewSchema,
  approveDocumentBodySchema,
  documentImageParamsSchema,
  documentReviewListQuerySchema,
  documentReviewListSchema,
  documentReviewParamsSchema,
  rejectDocumentBodySchema,
} from '@wise/shared/admin';
import type { RouteContext } from '#server/context';
import {
  approveDocumentReview,
  getDocumentReview,
  listDocumentReviews,
  readDocumentImage,
  rejectDocumentReview,
} from '#server/domain/identity/tier2';
import { currentStaff } from '#server/plugins/staff-sessions';
import { errorResponses } from '../schemas';
import { staffConfirmer } from './confirmation';

const tags = ['admin: identity'];
const reviewer = { staff: 'reviewer' } as const;

/**
 * Tier 2 ID reviews (docs/features.md, "Identity verification"), for any staff member: GET / (the queue),
 * GET /:id, GET /:id/images/:side (each view audited), POST /:id/approve (with the authenticator
 * code: it raises the customer's payout limits), POST /:id/reject (a reason the customer reads).
 */
export const adminIdentityRoutes: FastifyPluginAsyncZod<{ ctx: RouteContext }> = async (app, { ctx }) => {
  const confirmer = staffConfirmer(ctx);
  const { db, clock } = ctx;

  app.get(
    '/',
    {
      config: reviewer,
      schema: {
        tags,
        summary: 'Tier 2 requests: pending oldest first, or the latest decided ones',
        querystring: documentReviewListQuerySchema,
        response: { 200: documentReviewListSchema, ...errorResponses },
      },
    },
    async (request) => ({ items: await listDocumentReviews(db, request.query.status) }),
  );

  app.get(
    '/:id',
    {
      config: reviewer,
      schema: {
        tags,
        summary: 'One Tier 2 request with the Tier 1 name and date of birth and the provider verdict',
        params: documentReviewParamsSchema,
        response: { 200: z.object({ review: adminDocumentReviewSchema }), ...errorResponses },
      },
    },
    async (request) => ({ review: await getDocumentReview(db, request.params.id) }),
  );

  app.get(
    '/:id/images/:side',
    {
      config: reviewer,
      schema: {
        tags,
        summary: 'One image of a Tier 2 request (WebP), for staff only; every view is written to the audit log',
        params: documentImageParamsSchema,
      },
    },
    async (request, reply) => {
      const body = await readDocumentImage(db, { clock, files: ctx.files }, currentStaff(request), { ...request.params, ip: request.ip });
      return reply
        .header('content-type', 'image/webp')
        .header('cache-control', 'private, no-store')
        .header('content-disposition', 'inline')
        .send(body);
    },
  );

  app.post(
    '/:id/approve',
    {
      config: reviewer,
      schema: {
        tags,
        summary: 'Approve: the customer becomes Tier 2 (confirm_code); 409 when already decided',
        params: documentReviewParamsSchema,
        body: approveDocumentBodySchema,
        response: { 200: z.object({ review: adminDocumentReviewSchema }), ...errorResponses },
      },
    },
    async (request) => {
      const staff = currentStaff(request);
      await confirmer.verify(request, request.body);
      return { review: await approveDocumentReview(db, clock, staff, { id: request.params.id, ip: request.ip }) };
    },
  );

  app.post(
    '/:id/reject',
    {
      config: reviewer,
      schema: {
        tags,
        summary: 'Reject with a reason the customer reads (notification); 409 when already decided',
        params: documentReviewParamsSchema,
        body: rejectDocumentBodySchema,
        response: { 200: z.object({ review: adminDocumentReviewSchema }), ...errorResponses },
      },
    },
    async (request) => ({
      review: await rejectDocumentReview(db, clock, currentStaff(request), {
        id: request.params.id,
        reason: request.body.reason,
        ip: request.ip,
      }),
    }),
  );
};
