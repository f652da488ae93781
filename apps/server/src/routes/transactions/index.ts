import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { transactionListResponseSchema, transactionSearchSchema } from '@wise/shared';
import type { RouteContext } from '../../context';
import { listTransactions } from '../../domain/transactions/service';
import { currentUser } from '../../plugins/sessions';
import { errorResponses } from '../schemas';

/**
 * SPEC §7 `GET get_transaction_history.php` and `GET search_transaction?status=` →
 * GET /api/transactions[?status=pending|successful|rejected], newest first.
 */
export const transactionRoutes: FastifyPluginAsyncZod<{ ctx: RouteContext }> = async (app, { ctx }) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['transactions'],
        summary: "The customer's transactions, newest first, optionally by status",
        querystring: transactionSearchSchema,
        response: { 200: transactionListResponseSchema, ...errorResponses },
      },
    },
    async (request) => listTransactions(ctx.db, currentUser(request).id, request.query.status),
  );
};
