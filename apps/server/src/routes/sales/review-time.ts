import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reviewTimeResponseSchema } from '@wise/shared';
import type { RouteContext } from '#server/context';
import { reviewTimeCache } from '#server/domain/sales/review-time';
import { errorResponses } from '../schemas';

/** GET /api/sales/review-time: what the success screens say about the wait for a review. */
export const reviewTimeRoutes: FastifyPluginAsyncZod<{ ctx: RouteContext }> = async (app, { ctx }) => {
  const current = reviewTimeCache(ctx.db, ctx.clock);
  app.get(
    '/review-time',
    {
      schema: {
        tags: ['transactions'],
        summary: 'The median time from submission to decision of the sales reviewed in the last 24 hours (null when none)',
        response: { 200: reviewTimeResponseSchema, ...errorResponses },
      },
    },
    async () => current(),
  );
};
