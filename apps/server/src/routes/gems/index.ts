import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { gemBalanceResponseSchema } from '@wise/shared';
import type { RouteContext } from '../../context';
import { getGemBalance } from '../../domain/gems/ledger';
import { currentUser } from '../../plugins/sessions';
import { errorResponses } from '../schemas';

const tags = ['gems'];

/** Wise Gems for the session's customer (SPEC §7 get_user_points.php, api_coin.php). */
export const gemRoutes: FastifyPluginAsyncZod<{ ctx: RouteContext }> = async (app, { ctx }) => {
  const { db } = ctx;

  app.get(
    '/balance',
    {
      preValidation: app.authenticate,
      schema: { tags, summary: 'Spendable Wise Gems (get_user_points.php)', response: { 200: gemBalanceResponseSchema, ...errorResponses } },
    },
    async (request) => ({ total_points: await getGemBalance(db, currentUser(request).id) }),
  );
};
