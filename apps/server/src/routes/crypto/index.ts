import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  coinsResponseSchema,
  createQuoteSchema,
  quoteResponseSchema,
  trendingResponseSchema,
  walletAddressesResponseSchema,
} from '@wise/shared';
import { z } from 'zod';
import type { RouteContext } from '#server/context';
import { COIN_ART_ID, coinArt } from '#server/domain/crypto/art';
import { coinsAnswer, listTrending, listWalletAddresses } from '#server/domain/crypto/catalogue';
import { marketSettings, type MarketDeps } from '#server/domain/crypto/market-cache';
import { createQuote } from '#server/domain/crypto/quotes';
import { sendSerialized, serializerFor } from '#server/lib/response-serializer';
import { currentUser } from '#server/plugins/sessions';
import { errorResponses } from '../schemas';
import { depositRoutes } from './deposits';
import { cryptoSaleRoutes } from './sales';

const tags = ['crypto'];
/** Glyphs never change for an id: browsers and proxies may keep them a day. */
const ART_CACHE_CONTROL = 'public, max-age=86400';

/**
 * docs/product.md §7 coins/markets → GET /api/crypto/coins; trending search → GET /api/crypto/trending;
 * get_wallet_addresses → GET /api/crypto/wallet-addresses; display_price*.php → the rates inside
 * the coins and the quote (POST /api/crypto/quotes); sell_cryptocurrency.php → POST /api/crypto/sales
 * (./sales.ts). Prices come from the server's cache only.
 */
export const cryptoRoutes: FastifyPluginAsyncZod<{ ctx: RouteContext }> = async (app, { ctx }) => {
  const { db, clock, rates, config } = ctx;
  const market: MarketDeps = { provider: ctx.marketData, clock, settings: marketSettings(config) };
  const serializeCoins = serializerFor(coinsResponseSchema, 'GET', '/api/crypto/coins');
  const quoteDeps = { ...market, quoteTtlMs: config.CRYPTO_QUOTE_TTL_S * 1000 };
  await app.register(cryptoSaleRoutes, { prefix: '/sales', ctx, quoteDeps });
  await app.register(depositRoutes, { ctx });

  app.get(
    '/coins',
    {
      schema: {
        tags,
        summary: 'BTC, USDT, BNB and SOL: cached market prices, 7-day sparklines and the naira-per-USD rate of each',
        response: { 200: coinsResponseSchema, ...errorResponses },
      },
    },
    async (_request, reply) => sendSerialized(reply, await coinsAnswer(db, market, serializeCoins)),
  );

  app.get(
    '/trending',
    {
      schema: {
        tags,
        summary: 'Trending coins (the dashboard shows 5, then all)',
        response: { 200: trendingResponseSchema, ...errorResponses },
      },
    },
    async () => listTrending(db, market),
  );

  app.get(
    '/wallet-addresses',
    {
      schema: { tags, summary: 'Where to send each coin', response: { 200: walletAddressesResponseSchema, ...errorResponses } },
    },
    async () => listWalletAddresses(db),
  );

  app.post(
    '/quotes',
    {
      schema: {
        tags,
        summary: 'Price an amount of a coin; the value is honoured until expires_at',
        body: createQuoteSchema,
        response: { 201: quoteResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      await rates.consume('cryptoQuotesPerUser', user.id);
      const quote = await createQuote(db, quoteDeps, user.id, request.body);
      return reply.status(201).send({ quote });
    },
  );

  app.get(
    '/art/:id.svg',
    {
      config: { public: true },
      schema: {
        tags,
        summary: "A coin's glyph, drawn by us (SVG)",
        params: z.object({ id: z.string().regex(COIN_ART_ID) }),
        // A hint for coins we have no glyph for; one that is not plain letters and digits is ignored.
        querystring: z.object({ symbol: z.string().max(20).optional() }),
      },
    },
    async (request, reply) => {
      await rates.consume('cryptoArtPerIp', request.ip);
      return reply
        .type('image/svg+xml; charset=utf-8')
        .header('cache-control', ART_CACHE_CONTROL)
        .send(coinArt(request.params.id, request.query.symbol));
    },
  );
};
