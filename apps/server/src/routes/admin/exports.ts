import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { exportParamsSchema, exportQuerySchema } from '@wise/shared/admin';
import type { RouteContext } from '#server/context';
import { exportCsv, exportRange, recordExport } from '#server/domain/admin/exports';
import { currentStaff } from '#server/plugins/staff-sessions';

/**
 * GET /api/admin/exports/:kind?from=&to= — sales, payouts or bill orders of a date range as CSV,
 * streamed page by page (domain/admin/exports.ts). Any staff member: reviewers already read every
 * sale, payout and bill order in the back office; each export is audited (`export.csv`).
 */
export const adminExportRoutes: FastifyPluginAsyncZod<{ ctx: RouteContext }> = async (app, { ctx }) => {
  app.get(
    '/:kind',
    {
      config: { staff: 'reviewer' },
      schema: {
        tags: ['admin: exports'],
        summary:
          'CSV of sales, payouts or bill orders created between two local dates (APP_TIMEZONE, both included; at most 366 days), streamed; audited',
        params: exportParamsSchema,
        querystring: exportQuerySchema,
      },
    },
    async (request, reply) => {
      const { kind } = request.params;
      await recordExport(ctx.db, ctx.clock, currentStaff(request), kind, request.query, request.ip);
      const rows = exportCsv(ctx.db, kind, exportRange(request.query, ctx.config.APP_TIMEZONE), ctx.config.APP_TIMEZONE);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="wise-${kind.replace('_', '-')}-${request.query.from}-to-${request.query.to}.csv"`,
        )
        .header('cache-control', 'private, no-store')
        .send(Readable.from(rows));
    },
  );
};
