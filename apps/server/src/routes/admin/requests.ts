import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  confirmStaffRequestSchema,
  declineStaffRequestSchema,
  staffRequestListQuerySchema,
  staffRequestListSchema,
  staffRequestParamsSchema,
  staffRequestResponseSchema,
} from '@wise/shared/admin';
import type { RouteContext } from '#server/context';
import { applyRateRequest } from '#server/domain/admin/catalogue';
import { applyLimitRaiseRequest } from '#server/domain/limits/limits';
import { verifyStaffConfirmation } from '#server/domain/staff/confirm';
import { staffRequestAppliers } from '#server/domain/staff/management';
import { confirmStaffRequest, declineStaffRequest, listStaffRequests } from '#server/domain/staff/requests';
import { currentStaff } from '#server/plugins/staff-sessions';
import { errorResponses } from '../schemas';
import { staffConfirmer } from './confirmation';

const tags = ['admin: requests'];

/**
 * Staff requests (docs/separation-of-duties.md): what waits for a second admin. Any admin reads
 * them; another admin than the asker confirms with the value shown and their own code or passkey,
 * or declines; the asker may withdraw.
 */
export const adminRequestRoutes: FastifyPluginAsyncZod<{ ctx: RouteContext }> = async (app, { ctx }) => {
  const { db, clock } = ctx;
  const confirmer = staffConfirmer(ctx);
  const appliers = {
    ...staffRequestAppliers({ clock, appUrl: ctx.config.appUrl }),
    rate_change: applyRateRequest(clock),
    limit_raise: applyLimitRaiseRequest(clock),
  };

  app.get(
    '/',
    {
      config: { staff: 'admin' },
      schema: {
        tags,
        summary: 'Requests waiting for a second admin (or the latest of every status)',
        querystring: staffRequestListQuerySchema,
        response: { 200: staffRequestListSchema, ...errorResponses },
      },
    },
    async (request) => ({ items: await listStaffRequests(db, request.query.status) }),
  );

  app.post(
    '/:id/confirm',
    {
      config: { staff: 'admin' },
      schema: {
        tags,
        summary: "Confirm another admin's request: the value shown and your own code or passkey; the change is made at once",
        params: staffRequestParamsSchema,
        body: confirmStaffRequestSchema,
        response: { 200: staffRequestResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const actor = currentStaff(request);
      const confirmed = await confirmStaffRequest(
        { db, clock, confirm: (staffId, confirmation) => verifyStaffConfirmation(confirmer.deps, staffId, confirmation), appliers },
        actor,
        request.params.id,
        { value: request.body.value, confirmation: confirmer.of(request, request.body) },
        request.ip,
      );
      return { request: confirmed };
    },
  );

  app.post(
    '/:id/decline',
    {
      config: { staff: 'admin' },
      schema: {
        tags,
        summary: "Decline another admin's request, or withdraw your own",
        params: staffRequestParamsSchema,
        body: declineStaffRequestSchema,
        response: { 200: staffRequestResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      request: await declineStaffRequest(db, clock, currentStaff(request), request.params.id, request.body.note, request.ip),
    }),
  );
};
