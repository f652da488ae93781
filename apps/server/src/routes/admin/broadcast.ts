import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { broadcastResponseSchema, broadcastSchema } from '@wise/shared/admin';
import type { RouteContext } from '#server/context';
import { broadcast } from '#server/domain/admin/broadcast';
import { currentStaff } from '#server/plugins/staff-sessions';
import { errorResponses } from '../schemas';
import { staffConfirmer } from './confirmation';

const tags = ['admin: broadcast'];

/** An in-app notification to every customer or to one (admins, authenticator code, audited). */
export const adminBroadcastRoutes: FastifyPluginAsyncZod<{ ctx: RouteContext }> = async (app, { ctx }) => {
  const { db, clock } = ctx;
  const confirmer = staffConfirmer(ctx);

  app.post(
    '/',
    {
      config: { staff: 'admin' },
      schema: {
        tags,
        summary: 'Notify every verified customer, or one; answers how many were notified',
        body: broadcastSchema,
        response: { 200: broadcastResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const staff = currentStaff(request);
      const { audience, user_id: userId, message } = request.body;
      await confirmer.verify(request, request.body);
      return broadcast(db, clock, { staff, ip: request.ip }, { audience, userId, message });
    },
  );
};
