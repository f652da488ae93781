import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminCustomerReferralsSchema, customerIdParamsSchema } from '@wise/shared/admin';
import type { RouteContext } from '#server/context';
import { getAdminReferrals } from '#server/domain/referrals/referrals';
import { errorResponses } from '../schemas';

const tags = ['admin: customers'];

/** A customer's referral tree (docs/features.md, "Referrals"): read-only, for any staff member. */
export const adminReferralRoutes: FastifyPluginAsyncZod<{ ctx: RouteContext }> = async (app, { ctx }) => {
  app.get(
    '/:id/referrals',
    {
      config: { staff: 'reviewer' },
      schema: {
        tags,
        summary: 'Who referred the customer, whom they referred, and how each referral was decided (rewarded, or refused and why)',
        params: customerIdParamsSchema,
        response: { 200: adminCustomerReferralsSchema, ...errorResponses },
      },
    },
    async (request) => getAdminReferrals(ctx.db, request.params.id),
  );
};
