import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { payoutLimitsSchema } from '@wise/shared';
import type { RouteContext } from '#server/context';
import { getPayoutLimits } from '#server/domain/limits/limits';
import { currentUser } from '#server/plugins/sessions';
import { errorResponses } from '../schemas';

/**
 * GET /api/profile/limits: the session's customer's verification tier, daily payout limit and what
 * of it is used today (docs/features.md, "Verification tiers and limits"). Registered beside the profile routes.
 */
export const limitRoutes: FastifyPluginAsyncZod<{ ctx: RouteContext }> = async (app, { ctx }) => {
  const { db, clock } = ctx;
  app.get(
    '/',
    {
      schema: {
        tags: ['profile'],
        summary: "The customer's verification tier, daily payout limit and today's usage (and the total before verification at tier 0)",
        response: { 200: payoutLimitsSchema, ...errorResponses },
      },
    },
    async (request) => getPayoutLimits(db, clock, currentUser(request).id),
  );
};
