import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  closeAccountSchema,
  dataExportDownloadSchema,
  dataRightsResponseSchema,
  errorCodes,
  fieldMessages,
  messageResponseSchema,
  privacyMessages,
} from '@wise/shared';
import type { RouteContext } from '#server/context';
import { DomainError } from '#server/domain/errors';
import { getUserAccountBalance } from '#server/domain/gems/ledger';
import { hasPin, verifyPin } from '#server/domain/pin/service';
import { closeAccount, closeBlockedReason, closeErrors } from '#server/domain/privacy/close';
import { dataExportState, downloadDataExport, requestDataExport } from '#server/domain/privacy/export';
import { consumeReauth, hasRecentReauth, profileErrorCodes } from '#server/domain/profile/service';
import { withPinLimits } from '#server/plugins/rate-limits';
import { currentUser } from '#server/plugins/sessions';
import { errorResponses } from '../schemas';

const tags = ['profile'];

/**
 * The customer's data rights (docs/features.md, "Your data (NDPA 2023)"; not in docs/product.md): GET
 * /api/profile/data-rights (what the two screens show), POST /api/profile/data-export (after the
 * password, as a phone change), POST /api/profile/data-export/download (the e-mailed token, once,
 * the owner's session only), POST /api/profile/close (after the password, with the PIN).
 */
export const dataRightsRoutes: FastifyPluginAsyncZod<{ ctx: RouteContext }> = async (app, { ctx }) => {
  const { db, clock, rates } = ctx;

  const requireReauth = async (userId: string, sessionHash: string, message: string) => {
    if (!(await hasRecentReauth(db, clock, userId, sessionHash))) throw new DomainError(profileErrorCodes.reauthRequired, message, 403);
  };

  app.get(
    '/data-rights',
    {
      schema: {
        tags,
        summary: 'The state of a data export and whether the account can be deleted now',
        response: { 200: dataRightsResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      return {
        export: await dataExportState(db, clock, userId),
        close: {
          blocked: await closeBlockedReason(db, userId),
          gems: await getUserAccountBalance(db, userId, 'available'),
          has_pin: await hasPin(db, userId),
        },
      };
    },
  );

  app.post(
    '/data-export',
    {
      schema: {
        tags,
        summary: 'Ask for a copy of my data (password confirmed first); the link is e-mailed',
        response: { 202: messageResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const userId = currentUser(request).id;
      await requireReauth(userId, request.principal?.sessionHash ?? '', privacyMessages.reauthRequiredExport);
      await requestDataExport(db, clock, userId);
      await consumeReauth(db, userId);
      return reply.code(202).send({ message: privacyMessages.exportRequested });
    },
  );

  app.post(
    '/data-export/download',
    {
      schema: { tags, summary: 'The export behind an e-mailed link: once, for its owner only (JSON file)', body: dataExportDownloadSchema },
    },
    async (request, reply) => {
      const userId = currentUser(request).id;
      await rates.consume('contactVerifyPerUser', userId);
      const file = await downloadDataExport(db, clock, userId, request.body.token);
      const day = file.generatedAt.toISOString().slice(0, 10);
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="wise-data-${day}.json"`)
        .header('cache-control', 'no-store')
        .send(file.json);
    },
  );

  app.post(
    '/close',
    {
      schema: {
        tags,
        summary: 'Delete my account (password confirmed first, then the PIN when one is set)',
        body: closeAccountSchema,
        response: { 200: messageResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const userId = currentUser(request).id;
      await requireReauth(userId, request.principal?.sessionHash ?? '', privacyMessages.reauthRequiredClose);
      // Refused early (before the PIN is spent) while money is moving; checked again under the lock.
      const blocked = await closeBlockedReason(db, userId);
      if (blocked) throw closeErrors.blocked(blocked);
      if (await hasPin(db, userId)) {
        const pin = request.body.pin;
        if (!pin)
          throw new DomainError(errorCodes.validation, fieldMessages.pinRequired, 400, { fields: { pin: fieldMessages.pinRequired } });
        await withPinLimits(rates, userId, request.ip, () => verifyPin(db, clock, userId, pin));
      }
      await closeAccount(
        db,
        { clock, store: ctx.files, onCleanupError: (error) => request.log.warn({ err: error }, 'closed account file cleanup failed') },
        userId,
        request.ip,
      );
      await app.endSession(request, reply);
      return { message: privacyMessages.closed };
    },
  );
};
