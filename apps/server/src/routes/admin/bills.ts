import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminBillOrderPageSchema, billOrderIdParamsSchema, billOrdersQuerySchema, billRequeryResponseSchema } from '@wise/shared/admin';
import type { RouteContext } from '#server/context';
import { listAdminBillOrders, requeryOrderNow } from '#server/domain/admin/bills';
import { billSettings } from '#server/domain/bills/settings';
import { currentStaff } from '#server/plugins/staff-sessions';
import { errorResponses } from '../schemas';

const tags = ['admin: bills'];
const reviewer = { staff: 'reviewer' } as const;

/** Bill orders (any staff; docs/decisions.md §8): GET /api/admin/bills/orders, POST /orders/:id/requery. */
export const adminBillRoutes: FastifyPluginAsyncZod<{ ctx: RouteContext }> = async (app, { ctx }) => {
  const { db, clock } = ctx;
  const settings = billSettings(ctx.config);

  app.get(
    '/orders',
    {
      config: reviewer,
      schema: {
        tags,
        summary: 'Bill orders, newest first, with the customer and the provider status (filters: status, kind)',
        querystring: billOrdersQuerySchema,
        response: { 200: adminBillOrderPageSchema, ...errorResponses },
      },
    },
    async (request) => listAdminBillOrders(db, clock, request.query),
  );

  app.post(
    '/orders/:id/requery',
    {
      config: reviewer,
      schema: {
        tags,
        summary: 'Ask the provider about a processing order now; a definite answer settles it (gems captured or returned)',
        params: billOrderIdParamsSchema,
        response: { 200: billRequeryResponseSchema, ...errorResponses },
      },
    },
    async (request) =>
      requeryOrderNow(
        db,
        { clock, airtime: ctx.airtime, bills: ctx.bills, settings, logger: request.log },
        { staff: currentStaff(request), ip: request.ip },
        request.params.id,
      ),
  );
};
