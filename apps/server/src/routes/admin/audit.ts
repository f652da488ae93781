import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditPageSchema, auditQuerySchema } from '@wise/shared/admin';
import type { RouteContext } from '#server/context';
import { searchAuditLog } from '#server/domain/admin/audit-log';
import { errorResponses } from '../schemas';

const tags = ['admin: audit'];

/** The audit log of every staff action (admins): newest first, searchable, keyset-paged. */
export const adminAuditRoutes: FastifyPluginAsyncZod<{ ctx: RouteContext }> = async (app, { ctx }) => {
  app.get(
    '/',
    {
      config: { staff: 'admin' },
      schema: {
        tags,
        summary: 'Audit lines, newest first: text search (action, target, actor), staff, action, target, time range',
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema, ...errorResponses },
      },
    },
    async (request) => searchAuditLog(ctx.db, request.query),
  );
};
