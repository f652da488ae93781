import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isLoopbackPeer } from '../lib/loopback';
import type { Outbox } from '../providers/messaging/index';

const outboxEntrySchema = z.object({
  id: z.number(),
  channel: z.enum(['email', 'sms']),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  created_at: z.string(),
});

/**
 * Only registered in development and test (docs/decisions.md §7), and even then it answers only to this
 * machine: the codes and reset links it lists are as good as a password.
 */
export const devRoutes: FastifyPluginAsyncZod<{ outbox: Outbox }> = async (app, { outbox }) => {
  app.addHook('onRequest', async (request, reply) => {
    if (!isLoopbackPeer(request.socket.remoteAddress)) return reply.callNotFound();
  });

  app.get(
    '/outbox',
    {
      config: { public: true },
      schema: {
        tags: ['dev'],
        summary: 'Messages that would have been e-mailed or texted, newest first',
        response: { 200: z.array(outboxEntrySchema) },
      },
    },
    async () => outbox.list(),
  );
};
