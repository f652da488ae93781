import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { devAccrueRewardSchema } from '@wise/shared';
import type { RouteContext } from '../../context';
import { accrueReward } from '../../domain/rewards/rewards';
import { currentUser } from '../../plugins/sessions';
import { errorResponses } from '../schemas';

/**
 * TEST AND DEVELOPMENT ONLY — app.ts registers this under /api/dev only when NODE_ENV is not
 * `production`, beside the dev outbox. It stands in for the back office approving a sale, so
 * end-to-end tests and local demos can put a claimable reward in the session customer's account.
 * `POST /api/dev/rewards/accrue` `{ points, reward? }` → 201 `{ id, points }`.
 */
export const devRewardRoutes: FastifyPluginAsyncZod<{ ctx: RouteContext }> = async (app, { ctx }) => {
  app.post(
    '/rewards/accrue',
    {
      preValidation: app.authenticate,
      schema: {
        tags: ['dev'],
        summary: 'Dev only: accrue a claimable reward for the logged-in customer',
        body: devAccrueRewardSchema,
        response: { 201: z.object({ id: z.string(), points: z.number().int() }), ...errorResponses },
      },
    },
    async (request, reply) => {
      const reward = await accrueReward(ctx.db, ctx.clock, {
        userId: currentUser(request).id,
        source: `dev:${randomUUID()}`,
        amount: request.body.points,
        description: request.body.reward,
      });
      return reply.status(201).send({ id: reward.id, points: reward.amount });
    },
  );
};
