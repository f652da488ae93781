import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notificationListQuerySchema, notificationListResponseSchema, unreadCountResponseSchema } from '@wise/shared';
import type { RouteContext } from '#server/context';
import { listNotifications, markAllRead } from '#server/domain/notifications/service';
import { currentUser } from '#server/plugins/sessions';
import { errorResponses } from '../schemas';

const tags = ['notifications'];

/**
 * docs/product.md §7 `GET get_notifications.php?user_id` → GET /api/notifications[?cursor=][&limit=], newest
 * first, keyset-paged (+ marking them read).
 */
export const notificationRoutes: FastifyPluginAsyncZod<{ ctx: RouteContext }> = async (app, { ctx }) => {
  app.get(
    '/',
    {
      schema: {
        tags,
        summary: "The customer's notifications, newest first; next_cursor fetches the older ones",
        querystring: notificationListQuerySchema,
        response: { 200: notificationListResponseSchema, ...errorResponses },
      },
    },
    async (request) => listNotifications(ctx.db, currentUser(request).id, request.query),
  );

  app.post(
    '/read',
    {
      schema: {
        tags,
        summary: 'Mark every notification read (opening the list)',
        response: { 200: unreadCountResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await markAllRead(ctx.db, ctx.clock, currentUser(request).id);
      return { unread_count: 0 };
    },
  );
};
