import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminSaleDetailResponseSchema,
  adminSaleParamsSchema,
  manualPayoutBodySchema,
  resolvePayoutBodySchema,
  retryPayoutBodySchema,
} from '@wise/shared/admin';
import type { RouteContext } from '#server/context';
import { recordManualPayout, resolveHeldPayout, retryPayout, type StaffPayoutDeps } from '#server/domain/payouts/index';
import { verifyStaffConfirmation, type StaffConfirmationRequest } from '#server/domain/staff/confirm';
import { currentStaff } from '#server/plugins/staff-sessions';
import { errorResponses } from '../schemas';
import { staffConfirmer } from './confirmation';
import { saleDetailReader } from './sale-detail';

const tags = ['admin: sales'];
const reviewer = { staff: 'reviewer' } as const;
const admin = { staff: 'admin' } as const;

/** An approved sale's payout after it failed or was held: sent again, recorded as paid by other means, or resolved. */
export const salePayoutRoutes: FastifyPluginAsyncZod<{ ctx: RouteContext }> = async (app, { ctx }) => {
  const confirmer = staffConfirmer(ctx);
  const confirm = (staffId: string, confirmation: StaffConfirmationRequest) =>
    verifyStaffConfirmation(confirmer.deps, staffId, confirmation);
  const staffPayoutDeps: StaffPayoutDeps = { db: ctx.db, clock: ctx.clock, confirm, appUrl: ctx.config.appUrl };
  const detail = saleDetailReader(ctx);

  app.post(
    '/:id/payout/retry',
    {
      config: reviewer,
      schema: {
        tags,
        summary: 'Send the payout again as a new attempt after the last one failed (confirm_code required; 409 otherwise)',
        params: adminSaleParamsSchema,
        body: retryPayoutBodySchema,
        response: { 200: adminSaleDetailResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await retryPayout(staffPayoutDeps, {
        saleId: request.params.id,
        staff: currentStaff(request),
        confirmation: confirmer.of(request, request.body),
        ip: request.ip,
      });
      return detail(request.params.id);
    },
  );

  app.post(
    '/:id/payout/manual',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Admin: record that the customer was paid by other means (reference and note; confirm_code; only after a failed payout)',
        params: adminSaleParamsSchema,
        body: manualPayoutBodySchema,
        response: { 200: adminSaleDetailResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { reference, note } = request.body;
      const confirmation = confirmer.of(request, request.body);
      await recordManualPayout(staffPayoutDeps, {
        saleId: request.params.id,
        staff: currentStaff(request),
        reference,
        note,
        confirmation,
        ip: request.ip,
      });
      return detail(request.params.id);
    },
  );

  app.post(
    '/:id/payout/resolve',
    {
      config: admin,
      schema: {
        tags,
        summary:
          'Admin: resolve a payout held because the provider reported another amount or currency — paid or not_paid, with a note (confirm_code; 409 unless held)',
        params: adminSaleParamsSchema,
        body: resolvePayoutBodySchema,
        response: { 200: adminSaleDetailResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { resolution, note } = request.body;
      const confirmation = confirmer.of(request, request.body);
      await resolveHeldPayout(staffPayoutDeps, {
        saleId: request.params.id,
        staff: currentStaff(request),
        resolution,
        note,
        confirmation,
        ip: request.ip,
      });
      return detail(request.params.id);
    },
  );
};
