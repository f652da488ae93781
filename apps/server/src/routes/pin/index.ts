import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageResponseSchema, pinMessages, pinStatusResponseSchema, setPinSchema, verifyPinSchema } from '@wise/shared';
import type { RouteContext } from '#server/context';
import { getPinStatus, setPin, verifyPin } from '#server/domain/pin/service';
import { withPinLimits } from '#server/plugins/rate-limits';
import { currentUser } from '#server/plugins/sessions';
import { errorResponses } from '../schemas';

const tags = ['pin'];

/**
 * docs/product.md §7 `check_pin_status.php` → GET /api/pin/status; `set_pin` → POST /api/pin;
 * `verify_pin.php` → POST /api/pin/verify.
 */
export const pinRoutes: FastifyPluginAsyncZod<{ ctx: RouteContext }> = async (app, { ctx }) => {
  const { db, clock, rates } = ctx;

  app.get(
    '/status',
    {
      schema: { tags, summary: "pending until the customer's PIN is set", response: { 200: pinStatusResponseSchema, ...errorResponses } },
    },
    async (request) => getPinStatus(db, currentUser(request).id),
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        summary:
          'Set the transaction PIN (the password confirmed first once bank details exist), or change it with the current one; other sessions end',
        body: setPinSchema,
        response: { 200: messageResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const sessionHash = request.principal?.sessionHash ?? '';
      const outcome = await withPinLimits(rates, user.id, request.ip, () => setPin(db, clock, user.id, sessionHash, request.body));
      return { message: outcome === 'set' ? pinMessages.set : pinMessages.changed };
    },
  );

  app.post(
    '/verify',
    {
      schema: {
        tags,
        summary: 'Check the PIN (5 wrong lock it for 15 minutes)',
        body: verifyPinSchema,
        response: { 200: messageResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      await withPinLimits(rates, userId, request.ip, () => verifyPin(db, clock, userId, request.body.pin));
      return { message: pinMessages.verified };
    },
  );
};
