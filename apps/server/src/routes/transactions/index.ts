import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  anyTransactionDetailResponseSchema,
  cryptoReturnRequestBodySchema,
  cryptoReturnResponseSchema,
  transactionIdParamsSchema,
  transactionListResponseSchema,
  transactionSearchSchema,
} from '@wise/shared';
import type { RouteContext } from '#server/context';
import { requestCryptoReturn } from '#server/domain/sales/crypto-returns';
import { getTransaction, listTransactions } from '#server/domain/transactions/service';
import { currentUser } from '#server/plugins/sessions';
import { errorResponses } from '../schemas';

const tags = ['transactions'];

/**
 * docs/product.md §7 `GET get_transaction_history.php` and `GET search_transaction?status=` →
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
        summary: "One of the customer's own transactions in full (another customer's id: 404)",
        params: transactionIdParamsSchema,
        response: { 200: anyTransactionDetailResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ transaction: await getTransaction(ctx.db, currentUser(request).id, request.params.id) }),
  );

  app.post(
    '/:id/crypto-return',
    {
      schema: {
        tags,
        summary:
          "A rejected crypto sale's coins back to the customer's wallet: the network and address (checked against the sale's coin). Once per sale (409 CRYPTO_RETURN_EXISTS); not for a sale whose deposit was not found (409 CRYPTO_RETURN_NOT_ALLOWED)",
        params: transactionIdParamsSchema,
        body: cryptoReturnRequestBodySchema,
        response: { 201: cryptoReturnResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const cryptoReturn = await requestCryptoReturn(
        { db: ctx.db, clock: ctx.clock },
        currentUser(request).id,
        request.params.id,
        request.body,
      );
      return reply.status(201).send({ crypto_return: cryptoReturn });
    },
  );
};
