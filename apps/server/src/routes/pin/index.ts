import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageResponseSchema, pinMessages, pinStatusResponseSchema, setPinSchema, verifyPinSchema } from '@wise/shared';
import type { RouteContext } from '../../context';
import { getPinStatus, setPin, verifyPin } from '../../domain/pin/service';
import { currentUser } from '../../plugins/sessions';
import { errorResponses } from '../schemas';

const tags = ['pin'];

/**
 * SPEC §7 `check_pin_status.php` → GET /api/pin/status; `set_pin` → POST /api/pin;
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
        summary: 'Set the transaction PIN, or change it with the current one',
        body: setPinSchema,
        response: { 200: messageResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await rates.consume('pinVerifyPerIp', request.ip);
      const outcome = await setPin(db, clock, currentUser(request).id, request.body);
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
      await rates.consume('pinVerifyPerIp', request.ip);
      await verifyPin(db, clock, currentUser(request).id, request.body.pin);
      return { message: pinMessages.verified };
    },
  );
};
