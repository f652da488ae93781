import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  mismatchParamsSchema,
  reconciliationMismatchSchema,
  reconciliationOverviewSchema,
  reconciliationRunSchema,
  resolveMismatchBodySchema,
  runReconciliationBodySchema,
} from '@wise/shared/admin';
import type { RouteContext } from '#server/context';
import { reconciliationSettings } from '#server/domain/reconciliation/jobs';
import {
  reconciliationOverview,
  resolveMismatch,
  runReconciliationForStaff,
  type ReconciliationDeps,
} from '#server/domain/reconciliation/runs';
import { currentStaff } from '#server/plugins/staff-sessions';
import { errorResponses } from '../schemas';
import { staffConfirmer } from './confirmation';

const tags = ['admin: reconciliation'];
const admin = { staff: 'admin' } as const;

/**
 * The daily reconciliation with the providers and their floats (admins; domain/reconciliation/README.md):
 * GET /api/admin/reconciliation, POST /runs (a day, with the authenticator code),
 * POST /mismatches/:id/resolve (a note, with the code). Both writes are audited.
 */
export const adminReconciliationRoutes: FastifyPluginAsyncZod<{ ctx: RouteContext }> = async (app, { ctx }) => {
  const deps: ReconciliationDeps = {
    clock: ctx.clock,
    payouts: ctx.payouts,
    airtime: ctx.airtime,
    bills: ctx.bills,
    ...reconciliationSettings(ctx.config),
  };
  const confirmer = staffConfirmer(ctx);

  app.get(
    '/',
    {
      config: admin,
      schema: {
        tags,
        summary:
          'Recent reconciliation runs, open mismatches, the providers\u2019 floats and the payouts held (waiting for funds, awaiting an OTP)',
        response: { 200: reconciliationOverviewSchema, ...errorResponses },
      },
    },
    async () => reconciliationOverview(ctx.db, deps),
  );

  app.post(
    '/runs',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Reconcile one provider kind over one past business day now (confirm_code); 409 for today or later',
        body: runReconciliationBodySchema,
        response: { 200: z.object({ run: reconciliationRunSchema }), ...errorResponses },
      },
    },
    async (request) => {
      const staff = currentStaff(request);
      await confirmer.verify(request, request.body);
      const run = await runReconciliationForStaff(ctx.db, deps, staff, {
        providerKind: request.body.provider_kind,
        businessDate: request.body.business_date,
        ip: request.ip,
      });
      return { run };
    },
  );

  app.post(
    '/mismatches/:id/resolve',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Mark an open mismatch resolved with what was checked and done (confirm_code); 409 when already resolved',
        params: mismatchParamsSchema,
        body: resolveMismatchBodySchema,
        response: { 200: z.object({ mismatch: reconciliationMismatchSchema }), ...errorResponses },
      },
    },
    async (request) => {
      const staff = currentStaff(request);
      await confirmer.verify(request, request.body);
      const mismatch = await resolveMismatch(ctx.db, ctx.clock, staff, { id: request.params.id, note: request.body.note, ip: request.ip });
      return { mismatch };
    },
  );
};
