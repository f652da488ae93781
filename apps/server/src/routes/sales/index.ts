import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteContext } from '#server/context';
import { readOwnSaleImage, SALE_IMAGE_NAME_PATTERN } from '#server/domain/uploads/sale-images';
import { currentUser } from '#server/plugins/sessions';

/** A sale's images, for the sale's owner only (staff access comes with the back office). */
export const saleRoutes: FastifyPluginAsyncZod<{ ctx: RouteContext }> = async (app, { ctx }) => {
  app.get(
    '/:saleId/images/:name',
    {
      schema: {
        tags: ['transactions'],
        summary: "One of the customer's own sale images (WebP); anyone else's is a 404",
        params: z.object({ saleId: z.uuid(), name: z.string().regex(SALE_IMAGE_NAME_PATTERN) }),
      },
    },
    async (request, reply) => {
      const { saleId, name } = request.params;
      const image = await readOwnSaleImage(ctx.db, ctx.files, currentUser(request).id, saleId, name);
      return reply
        .header('content-type', image.contentType)
        .header('cache-control', 'private, max-age=86400')
        .header('content-disposition', 'inline')
        .send(image.body);
    },
  );
};
