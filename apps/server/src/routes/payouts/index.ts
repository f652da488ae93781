import { errorCodes } from '@wise/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteContext } from '#server/context';
import { handleTransferEvent } from '#server/domain/payouts/webhook';
import { payoutSettings } from '#server/domain/payouts/settings';
import { DomainError } from '#server/domain/errors';

/**
 * The payout provider's webhook (docs/decisions.md §5.3): POST /api/payouts/paystack/webhook. Public — the
 * provider has no session — and trusted only through its signature, which is computed over the
 * exact bytes sent. So this scope reads JSON bodies as raw bytes (a parser of its own, replacing
 * the app's JSON parser here only) and parses them after the signature checks out.
 * A bad signature → 401 and nothing changes; a replay → 200 and nothing changes twice.
 */

const answerSchema = z.object({ received: z.literal(true) });

export const payoutWebhookRoutes: FastifyPluginAsyncZod<{ ctx: RouteContext }> = async (app, { ctx }) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  const settings = payoutSettings(ctx.config);

  app.post('/paystack/webhook', { config: { public: true }, schema: { hide: true, response: { 200: answerSchema } } }, async (request) => {
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const header = request.headers['x-paystack-signature'];
    const verdict = ctx.payouts.verifyWebhook(raw, typeof header === 'string' ? header : undefined);
    if (verdict.kind === 'invalid') {
      request.log.warn({ provider: ctx.payouts.name }, 'payout webhook refused: bad or missing signature');
      throw new DomainError(errorCodes.unauthenticated, 'Invalid signature', 401);
    }
    if (verdict.kind === 'transfer') {
      const outcome = await handleTransferEvent(
        ctx.db,
        { clock: ctx.clock, provider: ctx.payouts, settings, logger: request.log, appUrl: ctx.config.appUrl },
        verdict.event,
      );
      request.log.info({ event: verdict.event.event, reference: verdict.event.reference, outcome }, 'payout webhook handled');
    } else {
      request.log.info({ event: verdict.event }, 'payout webhook ignored');
    }
    return { received: true as const };
  });
};
