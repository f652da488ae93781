import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  gemBalanceResponseSchema,
  gemCollectionResponseSchema,
  gemCollectResponseSchema,
  gemMessages,
  gemStatementQuerySchema,
  gemStatementResponseSchema,
  gemWriteHeadersSchema,
} from '@wise/shared';
import type { RouteContext } from '#server/context';
import { collectDailyGems, getWeekStatus, type CollectionCalendar } from '#server/domain/gems/collection';
import { answerOnce } from '#server/domain/gems/idempotency';
import { getGemBalance } from '#server/domain/gems/ledger';
import { getGemStatement } from '#server/domain/gems/statement';
import { currentUser } from '#server/plugins/sessions';
import { errorResponses } from '../schemas';

const tags = ['gems'];

/** Wise Gems for the session's customer (docs/product.md §7 get_user_points.php, api_coin.php). */
export const gemRoutes: FastifyPluginAsyncZod<{ ctx: RouteContext }> = async (app, { ctx }) => {
  const { db, rates } = ctx;
  const calendar: CollectionCalendar = { clock: ctx.clock, timeZone: ctx.config.APP_TIMEZONE };

  app.get(
    '/balance',
    {
      schema: {
        tags,
        summary: 'Spendable Wise Gems (get_user_points.php)',
        response: { 200: gemBalanceResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ total_points: await getGemBalance(db, currentUser(request).id) }),
  );

  app.get(
    '/statement',
    {
      schema: {
        tags,
        summary: 'Every movement of the Wise Gems, newest first, with the balance after each; next_cursor fetches older ones',
        querystring: gemStatementQuerySchema,
        response: { 200: gemStatementResponseSchema, ...errorResponses },
      },
    },
    async (request) => getGemStatement(db, ctx.config.sessionSecret, currentUser(request).id, request.query),
  );

  app.get(
    '/collection',
    {
      schema: {
        tags,
        summary: "This week's daily collections and today's state (api_coin.php GET)",
        response: { 200: gemCollectionResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const status = await getWeekStatus(db, calendar, currentUser(request).id);
      return {
        collection_status: Object.fromEntries(status.days.filter((d) => d.collected).map((d) => [String(d.day), 'collected' as const])),
        days: status.days,
        today: status.today.day,
        collected_today: status.collectedToday,
        next_reset_at: status.today.nextResetAt.toISOString(),
        server_time: ctx.clock.now().toISOString(),
        time_zone: calendar.timeZone,
      };
    },
  );

  app.post(
    '/collect',
    {
      schema: {
        tags,
        summary: "Collect today's Wise Gems, once per calendar day in APP_TIMEZONE (api_coin.php POST)",
        description: 'With an Idempotency-Key header, a retry gets the first answer again (422 if the key was used for another request).',
        headers: gemWriteHeadersSchema,
        response: { 200: gemCollectResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      await rates.consume('gemWritesPerUser', user.id);
      const collect = async (tx: typeof db) => {
        const collected = await collectDailyGems(tx, calendar, user.id);
        return {
          status: 'success' as const,
          message: gemMessages.collected,
          day: collected.day,
          points: collected.amount,
          total_points: collected.balance,
        };
      };
      const key = request.headers['idempotency-key'];
      if (!key) return collect(db);
      const answer = await answerOnce(db, ctx.clock, { userId: user.id, key, operation: 'gems.collect' }, collect);
      if (answer.replayed) reply.header('idempotent-replayed', 'true');
      return answer.body;
    },
  );
};
