import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  pushPublicKeyResponseSchema,
  pushSubscribeRequestSchema,
  pushSubscribeResponseSchema,
  pushUnsubscribeRequestSchema,
  pushUnsubscribeResponseSchema,
} from '@wise/shared';
import type { RouteContext } from '#server/context';
import { subscribe, unsubscribe } from '#server/domain/push/subscriptions';
import { currentUser } from '#server/plugins/sessions';
import { errorResponses } from '../schemas';

const tags = ['push'];

/** Web Push on the customer's devices (docs/decisions.md §9.37): the server's public key, subscribe, unsubscribe. */
export const pushRoutes: FastifyPluginAsyncZod<{ ctx: RouteContext }> = async (app, { ctx }) => {
  app.get(
    '/public-key',
    {
      schema: {
        tags,
        summary: "The server's VAPID public key (null: push is not configured and the app offers none)",
        response: { 200: pushPublicKeyResponseSchema, ...errorResponses },
      },
    },
    async () => ({ public_key: ctx.config.vapid?.publicKey ?? null }),
  );

  app.post(
    '/subscriptions',
    {
      schema: {
        tags,
        summary: 'Subscribe this browser (PushSubscription.toJSON()); a customer keeps the newest 10',
        body: pushSubscribeRequestSchema,
        response: { 200: pushSubscribeResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await subscribe(ctx.db, ctx.clock, ctx.config.vapid, currentUser(request).id, request.body, ctx.config.pushTestHosts);
      return { subscribed: true as const };
    },
  );

  app.delete(
    '/subscriptions',
    {
      schema: {
        tags,
        summary: "Unsubscribe one of the customer's own browsers by its endpoint",
        body: pushUnsubscribeRequestSchema,
        response: { 200: pushUnsubscribeResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await unsubscribe(ctx.db, currentUser(request).id, request.body.endpoint);
      return { subscribed: false as const };
    },
  );
};
