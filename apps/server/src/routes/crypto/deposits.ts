import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  depositAddressQuerySchema,
  depositAddressResponseSchema,
  depositListQuerySchema,
  depositListResponseSchema,
  depositResponseSchema,
} from '@wise/shared';
import { z } from 'zod';
import type { RouteContext } from '#server/context';
import { depositAddressAnswer, getDeposit, listDeposits } from '#server/domain/crypto-deposits/index';
import { currentUser } from '#server/plugins/sessions';
import { errorResponses } from '../schemas';

const tags = ['crypto'];

/**
 * Crypto that settles itself (docs/crypto-settlement.md): the customer's own deposit address (or a
 * Solana Pay reference), and the deposits the chain watcher saw. Private: every answer is the
 * signed-in customer's own, and another customer's deposit is a 404.
 */
export const depositRoutes: FastifyPluginAsyncZod<{ ctx: RouteContext }> = async (app, { ctx }) => {
  const { db, rates, chains, config } = ctx;
  const bitcoinNetwork = config.CRYPTO_BITCOIN_NETWORK;

  app.get(
    '/deposit-address',
    {
      schema: {
        tags,
        summary:
          'Where the customer pays this coin on this network: their own address, or on Solana a transfer request with a reference key',
        description:
          '503 DEPOSITS_UNAVAILABLE when the network has no watcher (or no key): the sell screen then shows the shared address and the screenshot.',
        querystring: depositAddressQuerySchema,
        response: { 200: depositAddressResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = currentUser(request);
      // Each Solana request draws a reference key of its own: as cheap to ask as a quote, and as limited.
      await rates.consume('cryptoQuotesPerUser', user.id);
      return { deposit_address: await depositAddressAnswer(db, chains, user.id, request.query.coin, request.query.network) };
    },
  );

  app.get(
    '/deposits',
    {
      schema: {
        tags,
        summary: "The customer's latest 20 deposits seen on chain, newest first, with how far each one is",
        querystring: depositListQuerySchema,
        response: { 200: depositListResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ deposits: await listDeposits(db, currentUser(request).id, request.query, bitcoinNetwork) }),
  );

  app.get(
    '/deposits/:id',
    {
      schema: {
        tags,
        summary: 'One of the customer’s deposits (404 for anyone else’s)',
        params: z.object({ id: z.string().max(64) }),
        response: { 200: depositResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ deposit: await getDeposit(db, currentUser(request).id, request.params.id, bitcoinNetwork) }),
  );
};
