import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { supportContactsResponseSchema } from '@wise/shared';
import type { RouteContext } from '#server/context';
import { errorResponses } from '../schemas';

/** The support contacts (docs/product.md §2 /support) from SUPPORT_WHATSAPP and SUPPORT_EMAIL. */
export const supportRoutes: FastifyPluginAsyncZod<{ ctx: RouteContext }> = async (app, { ctx }) => {
  const digits = ctx.config.SUPPORT_WHATSAPP.replace(/\D/g, '');
  const contacts = {
    whatsapp_url: `https://wa.me/${digits}`,
    whatsapp_number: `+${digits}`,
    email: ctx.config.SUPPORT_EMAIL,
    email_url: `mailto:${ctx.config.SUPPORT_EMAIL}`,
  };
  app.get(
    '/',
    {
      schema: {
        tags: ['support'],
        summary: 'WhatsApp and e-mail support contacts',
        response: { 200: supportContactsResponseSchema, ...errorResponses },
      },
    },
    async () => contacts,
  );
};
