import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createRateAlertSchema,
  rateAlertDeletedResponseSchema,
  rateAlertListResponseSchema,
  rateAlertParamsSchema,
  rateAlertResponseSchema,
  ratesResponseSchema,
} from '@wise/shared';
import type { RouteContext } from '#server/context';
import { marketSettings, type MarketDeps } from '#server/domain/crypto/market-cache';
import { createRateAlert, deleteRateAlert, listRateAlerts } from '#server/domain/rates/alerts';
import { ratesOgImage } from '#server/domain/rates/og-image';
import { listPublicRates } from '#server/domain/rates/public';
import { currentUser } from '#server/plugins/sessions';
import { errorResponses } from '../schemas';

const tags = ['rates'];

/**
 * Public rates and rate alerts (docs/features.md, "Rates and alerts"). The rates and their picture need no
 * session (the /rates page is for visitors and link previews); the alerts are the customer's own.
 */
export const rateRoutes: FastifyPluginAsyncZod<{ ctx: RouteContext }> = async (app, { ctx }) => {
  const { db, clock, config, rates } = ctx;
  const market: MarketDeps = { provider: ctx.marketData, clock, settings: marketSettings(config) };

  app.get(
    '/',
    {
      config: { public: true },
      schema: {
        tags,
        summary: "Today's rates, no session needed: every enabled gift-card sub-category's rate and band, and the four coins' naira prices",
        response: { 200: ratesResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await rates.consume('ratesPublicPerIp', request.ip);
      return listPublicRates(db, market);
    },
  );

  app.get(
    '/og.png',
    {
      config: { public: true },
      schema: { tags, summary: "Today's rates as a 1200×630 PNG, the shared link's og:image" },
    },
    async (request, reply) => {
      await rates.consume('ratesPublicPerIp', request.ip);
      const { png, key } = await ratesOgImage(db, { clock, market, timeZone: config.APP_TIMEZONE });
      const etag = `"${Buffer.from(key).toString('base64url')}"`;
      // Previews are fetched by other sites' crawlers: a short shared cache, revalidated by the ETag.
      reply.header('cache-control', 'public, max-age=300').header('etag', etag);
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      return reply.type('image/png').send(png);
    },
  );

  app.get(
    '/alerts',
    {
      schema: {
        tags,
        summary: "The customer's rate alerts: waiting ones first, then the spent ones",
        response: { 200: rateAlertListResponseSchema, ...errorResponses },
      },
    },
    async (request) => listRateAlerts(db, currentUser(request).id),
  );

  app.post(
    '/alerts',
    {
      schema: {
        tags,
        summary: 'Set a rate alert: tell me once when a sub-category or a coin reaches a naira threshold (at most 10 waiting)',
        body: createRateAlertSchema,
        response: { 201: rateAlertResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { id } = currentUser(request);
      await rates.consume('rateAlertWritesPerUser', id);
      return reply.status(201).send({ alert: await createRateAlert(db, { clock, market }, id, request.body) });
    },
  );

  app.delete(
    '/alerts/:id',
    {
      schema: {
        tags,
        summary: 'Delete one of the customer’s own rate alerts',
        params: rateAlertParamsSchema,
        response: { 200: rateAlertDeletedResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { id } = currentUser(request);
      await rates.consume('rateAlertWritesPerUser', id);
      await deleteRateAlert(db, id, request.params.id);
      return { deleted: true as const };
    },
  );
};
