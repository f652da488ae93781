import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminDashboardSchema, reviewTimesQuerySchema, reviewTimesSchema } from '@wise/shared/admin';
import type { RouteContext } from '#server/context';
import { getDashboard } from '#server/domain/admin/dashboard';
import { getReviewTimes } from '#server/domain/admin/review-times';
import { errorResponses } from '../schemas';

/** GET /api/admin/dashboard (any staff): pending sales, today's decisions and payouts, what is stuck. */
export const adminDashboardRoutes: FastifyPluginAsyncZod<{ ctx: RouteContext }> = async (app, { ctx }) => {
  app.get(
    '/',
    {
      config: { staff: 'reviewer' },
      schema: {
        tags: ['admin: dashboard'],
        summary: `Pending sales and the oldest's age, today's approvals and rejections and payouts (the day in APP_TIMEZONE), open payout failures, bill orders stuck processing`,
        response: { 200: adminDashboardSchema, ...errorResponses },
      },
    },
    async () => getDashboard(ctx.db, ctx.clock, ctx.config.APP_TIMEZONE),
  );

  app.get(
    '/review-times',
    {
      config: { staff: 'reviewer' },
      schema: {
        tags: ['admin: dashboard'],
        summary:
          'Per day of the last 14 or 30 (APP_TIMEZONE): submission → decision and submission → paid, median and 90th percentile (seconds)',
        querystring: reviewTimesQuerySchema,
        response: { 200: reviewTimesSchema, ...errorResponses },
      },
    },
    async (request) => getReviewTimes(ctx.db, ctx.clock, ctx.config.APP_TIMEZONE, Number(request.query.days)),
  );
};
