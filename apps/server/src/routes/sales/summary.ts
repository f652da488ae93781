import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { salesSummaryResponseSchema } from '@wise/shared';
import type { RouteContext } from '#server/context';
import { getSalesSummary } from '#server/domain/sales/summary';
import { currentUser } from '#server/plugins/sessions';
import { errorResponses } from '../schemas';

/** GET /api/sales/summary: the session customer's money in motion (Home's "Your sales", the Wallet). */
export const salesSummaryRoutes: FastifyPluginAsyncZod<{ ctx: RouteContext }> = async (app, { ctx }) => {
  app.get(
    '/summary',
    {
      schema: {
        tags: ['transactions'],
        summary: "The customer's sales waiting, paying, failed at the bank, and paid today and this month",
        response: { 200: salesSummaryResponseSchema, ...errorResponses },
      },
    },
    async (request) => getSalesSummary(ctx.db, ctx.clock, currentUser(request).id, ctx.config.APP_TIMEZONE),
  );
};
