import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appInfoResponseSchema } from '@wise/shared';
import type { RouteContext } from '#server/context';

/** Public facts about the business the web needs (APP_TIMEZONE), so nothing is hard-coded there. */
export const appInfoRoutes: FastifyPluginAsyncZod<{ ctx: RouteContext }> = async (app, { ctx }) => {
  const info = { time_zone: ctx.config.APP_TIMEZONE };
  app.get(
    '/',
    {
      config: { public: true },
      schema: { tags: ['app'], summary: 'The business time zone', response: { 200: appInfoResponseSchema } },
    },
    async (_request, reply) => reply.header('cache-control', 'public, max-age=3600').send(info),
  );
};
