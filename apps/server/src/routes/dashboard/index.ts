import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardResponseSchema } from '@wise/shared';
import type { RouteContext } from '#server/context';
import { getDashboard } from '#server/domain/profile/dashboard';
import { currentUser } from '#server/plugins/sessions';
import { errorResponses } from '../schemas';

/** docs/product.md §7 `GET dashboard?user_id` → GET /api/dashboard. */
export const dashboardRoutes: FastifyPluginAsyncZod<{ ctx: RouteContext }> = async (app, { ctx }) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['dashboard'],
        summary: 'Home screen: name, photo, gem balance, unread notifications, pending actions',
        response: { 200: dashboardResponseSchema, ...errorResponses },
      },
    },
    async (request) => getDashboard(ctx.db, currentUser(request).id),
  );
};
