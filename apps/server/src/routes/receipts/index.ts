import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { transactionIdParamsSchema } from '@wise/shared';
import type { RouteContext } from '#server/context';
import { receiptPdfFor } from '#server/domain/receipts/service';
import { currentUser } from '#server/plugins/sessions';

/** A transaction's receipt as a PDF (the phone draws the PNG itself from GET /api/transactions/:id). */
export const receiptRoutes: FastifyPluginAsyncZod<{ ctx: RouteContext }> = async (app, { ctx }) => {
  app.get(
    '/:id/receipt.pdf',
    {
      schema: {
        tags: ['transactions'],
        summary: "One of the customer's own transactions as a PDF receipt (another customer's id: 404)",
        params: transactionIdParamsSchema,
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      await ctx.rates.consume('receiptPdfsPerUser', user.id);
      const file = await receiptPdfFor(ctx.db, user.id, request.params.id, { timeZone: ctx.config.APP_TIMEZONE, now: ctx.clock.now() });
      return (
        reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `attachment; filename="${file.fileName}"`)
          // A receipt names a bank account: never kept by a shared cache, and made afresh each time.
          .header('cache-control', 'private, no-store')
          .send(file.body)
      );
    },
  );
};
