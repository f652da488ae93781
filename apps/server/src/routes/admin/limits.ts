import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminCustomerLimitsSchema, customerIdParamsSchema, raiseCustomerLimitSchema } from '@wise/shared/admin';
import type { RouteContext } from '#server/context';
import { getAdminCustomerLimits, raiseCustomerLimit } from '#server/domain/limits/limits';
import { currentStaff } from '#server/plugins/staff-sessions';
import { errorResponses } from '../schemas';
import { staffConfirmer, withoutConfirmation } from './confirmation';

const tags = ['admin: customers'];

/**
 * A customer's verification tier and payout limits (docs/features.md, "Verification tiers and limits"): any
 * staff member reads them; an admin raises one customer's limit with the authenticator code and a
 * note (a stolen staff cookie alone raises nothing), audited in the raise's transaction.
 */
export const adminLimitRoutes: FastifyPluginAsyncZod<{ ctx: RouteContext }> = async (app, { ctx }) => {
  const { db, clock } = ctx;
  const confirmer = staffConfirmer(ctx);

  app.get(
    '/:id/limits',
    {
      config: { staff: 'reviewer' },
      schema: {
        tags,
        summary: "A customer's tier, payout limits, today's and total usage, and every raise",
        params: customerIdParamsSchema,
        response: { 200: adminCustomerLimitsSchema, ...errorResponses },
      },
    },
    async (request) => getAdminCustomerLimits(db, clock, request.params.id),
  );

  app.post(
    '/:id/limits',
    {
      config: { staff: 'admin' },
      schema: {
        tags,
        summary: "Raise one customer's daily limit (and the total before verification) with a note (authenticator code required)",
        params: customerIdParamsSchema,
        body: raiseCustomerLimitSchema,
        response: { 200: adminCustomerLimitsSchema, ...errorResponses },
      },
    },
    async (request) => {
      const staff = currentStaff(request);
      await getAdminCustomerLimits(db, clock, request.params.id);
      await confirmer.verify(request, request.body);
      return raiseCustomerLimit(db, clock, { staff, ip: request.ip }, request.params.id, withoutConfirmation(request.body));
    },
  );
};
