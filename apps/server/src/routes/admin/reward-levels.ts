import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminRewardLevelsSchema, updateRewardLevelsSchema } from '@wise/shared/admin';
import type { RouteContext } from '#server/context';
import { getAdminRewardLevels, updateRewardLevels } from '#server/domain/rewards/levels';
import { currentStaff } from '#server/plugins/staff-sessions';
import { errorResponses } from '../schemas';
import { staffConfirmer, withoutConfirmation } from './confirmation';

const tags = ['admin: rewards'];

/**
 * The reward levels (docs/features.md, "Reward levels"): any staff member reads them; an admin replaces them
 * with the authenticator code and a note (a stolen staff cookie alone changes no rate), audited in
 * the change's transaction, like a payout-limit raise.
 */
export const adminRewardLevelRoutes: FastifyPluginAsyncZod<{ ctx: RouteContext }> = async (app, { ctx }) => {
  const { db, clock } = ctx;
  const confirmer = staffConfirmer(ctx);

  app.get(
    '/',
    {
      config: { staff: 'reviewer' },
      schema: { tags, summary: 'The reward levels by rising 30-day volume', response: { 200: adminRewardLevelsSchema, ...errorResponses } },
    },
    async () => getAdminRewardLevels(db),
  );

  app.put(
    '/',
    {
      config: { staff: 'admin' },
      schema: {
        tags,
        summary: 'Replace the reward levels with a note (authenticator code required)',
        body: updateRewardLevelsSchema,
        response: { 200: adminRewardLevelsSchema, ...errorResponses },
      },
    },
    async (request) => {
      const staff = currentStaff(request);
      await confirmer.verify(request, request.body);
      const input = withoutConfirmation(request.body);
      return updateRewardLevels(db, clock, { staff, ip: request.ip }, input);
    },
  );
};
