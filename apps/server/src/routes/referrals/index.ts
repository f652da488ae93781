import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { referralSummarySchema } from '@wise/shared';
import type { RouteContext } from '#server/context';
import { getReferralSummary } from '#server/domain/referrals/referrals';
import { currentUser } from '#server/plugins/sessions';
import { errorResponses } from '../schemas';

const tags = ['referrals'];

/** The customer's referral code and link, and what their invites earned (docs/features.md, "Referrals"). */
export const referralRoutes: FastifyPluginAsyncZod<{ ctx: RouteContext }> = async (app, { ctx }) => {
  app.get(
    '/',
    {
      schema: {
        tags,
        summary: "The customer's referral code, link path, the gems each side earns, friends joined and gems earned",
        response: { 200: referralSummarySchema, ...errorResponses },
      },
    },
    async (request) => getReferralSummary(ctx.db, currentUser(request).id),
  );
};
