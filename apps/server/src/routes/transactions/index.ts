import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { anyTransactionDetailResponseSchema, transactionIdParamsSchema, transactionListResponseSchema, transactionSearchSchema } from '@wise/shared';
import type { RouteContext } from '../../context';
import { getTransaction, listTransactions } from '../../domain/transactions/service';
import { currentUser } from '../../plugins/sessions';
import { errorResponses } from '../schemas';

const tags = ['transactions'];

/**
 * SPEC §7 `GET get_transaction_history.php` and `GET search_transaction?status=` →
 * GET /api/transactions[?status=pending|successful|rejected][&cursor=][&limit=], newest first,
 * keyset-paged; one transaction in full → GET /api/transactions/:id.
 */
export const transactionRoutes: FastifyPluginAsyncZod<{ ctx: RouteContext }> = async (app, { ctx }) => {
  app.get(
    '/',
    {
      schema: {
        tags,
        summary: "The customer's sales, newest first, optionally by status; next_cursor fetches the next page",
        querystring: transactionSearchSchema,
        response: { 200: transactionListResponseSchema, ...errorResponses },
      },
    },
    async (request) => listTransactions(ctx.db, currentUser(request).id, request.query),
  );

  app.get(
    '/:id',
    {
      schema: {
        tags,
        summary: 'One of the customer\'s own transactions in full (another customer\'s id: 404)',
        params: transactionIdParamsSchema,
        response: { 200: anyTransactionDetailResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ transaction: await getTransaction(ctx.db, currentUser(request).id, request.params.id) }),
  );
};
