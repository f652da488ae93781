import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Outbox } from '../messaging/messenger';

const outboxEntrySchema = z.object({
  id: z.number(),
  channel: z.enum(['email', 'sms']),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  created_at: z.string(),
});

/** Only registered outside production (DESIGN §7). */
export const devRoutes: FastifyPluginAsyncZod<{ outbox: Outbox }> = async (app, { outbox }) => {
  app.get(
    '/outbox',
    { schema: { tags: ['dev'], summary: 'Messages that would have been e-mailed or texted, newest first', response: { 200: z.array(outboxEntrySchema) } } },
    async () => outbox.list(),
  );
};
