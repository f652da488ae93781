import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminSaleDetailResponseSchema,
  adminSaleParamsSchema,
  approveSaleBodySchema,
  confirmApprovalBodySchema,
  declineApprovalBodySchema,
  recordCryptoReturnBodySchema,
  rejectSaleBodySchema,
} from '@wise/shared/admin';
import type { RouteContext } from '#server/context';
import { approvalLimitsOf } from '#server/domain/admin/review/approvals';
import { recordCryptoReturn } from '#server/domain/admin/review/crypto-returns';
import {
  approveSale,
  confirmSecondApproval,
  declineSecondApproval,
  rejectSale,
  type ApproveDeps,
} from '#server/domain/admin/review/decisions';
import { startPayout } from '#server/domain/payouts/index';
import { verifyStaffConfirmation, type StaffConfirmationRequest } from '#server/domain/staff/confirm';
import { currentStaff } from '#server/plugins/staff-sessions';
import { errorResponses } from '../schemas';
import { staffConfirmer } from './confirmation';
import { saleDetailReader } from './sale-detail';

const tags = ['admin: sales'];
const reviewer = { staff: 'reviewer' } as const;
const admin = { staff: 'admin' } as const;

/**
 * Approving a sale, which starts its payout: with the approver's own code, and beyond the quote or
 * APPROVAL_LIMIT_NAIRA with a second admin's approval too (docs/separation-of-duties.md).
 */
export const saleApprovalRoutes: FastifyPluginAsyncZod<{ ctx: RouteContext }> = async (app, { ctx }) => {
  const confirmer = staffConfirmer(ctx);
  const confirm = (staffId: string, confirmation: StaffConfirmationRequest) =>
    verifyStaffConfirmation(confirmer.deps, staffId, confirmation);
  const approveDeps: ApproveDeps = {
    db: ctx.db,
    clock: ctx.clock,
    startPayout,
    confirm,
    limits: approvalLimitsOf(ctx.config),
  };
  const detail = saleDetailReader(ctx);

  app.post(
    '/:id/approve',
    {
      config: reviewer,
      schema: {
        tags,
        summary:
          'Approve and start the payout (amount defaults to the quote; lower needs a reason; above the quote or APPROVAL_LIMIT_NAIRA it waits for a second approver; confirm_code required; 409 APPROVAL_DAILY_LIMIT)',
        params: adminSaleParamsSchema,
        body: approveSaleBodySchema,
        response: { 200: adminSaleDetailResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { payout_amount_kobo, reason, note } = request.body;
      const confirmation = confirmer.of(request, request.body);
      await approveSale(
        approveDeps,
        currentStaff(request),
        request.params.id,
        { payoutAmountKobo: payout_amount_kobo, reason, note, confirmation },
        request.ip,
      );
      return detail(request.params.id);
    },
  );

  app.post(
    '/:id/approval/confirm',
    {
      config: admin,
      schema: {
        tags,
        summary:
          'Admin: give the second approval of the amount another staff member asked for, with your own code (403 for the one who asked)',
        params: adminSaleParamsSchema,
        body: confirmApprovalBodySchema,
        response: { 200: adminSaleDetailResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await confirmSecondApproval(
        approveDeps,
        currentStaff(request),
        request.params.id,
        { requestId: request.body.request_id, amountKobo: request.body.amount_kobo, confirmation: confirmer.of(request, request.body) },
        request.ip,
      );
      return detail(request.params.id);
    },
  );

  app.post(
    '/:id/approval/decline',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Admin: decline the request for a second approval; nothing is paid and the sale is back in review',
        params: adminSaleParamsSchema,
        body: declineApprovalBodySchema,
        response: { 200: adminSaleDetailResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await declineSecondApproval(ctx, currentStaff(request), request.params.id, { note: request.body.note }, request.ip);
      return detail(request.params.id);
    },
  );
};

/** Rejecting a sale, and recording that a rejected crypto sale's coins went back to the customer. */
export const saleRejectionRoutes: FastifyPluginAsyncZod<{ ctx: RouteContext }> = async (app, { ctx }) => {
  const confirmer = staffConfirmer(ctx);
  const confirm = (staffId: string, confirmation: StaffConfirmationRequest) =>
    verifyStaffConfirmation(confirmer.deps, staffId, confirmation);
  const detail = saleDetailReader(ctx);

  app.post(
    '/:id/reject',
    {
      config: reviewer,
      schema: {
        tags,
        summary: 'Reject with a reason from the list (and an optional message); the customer is notified and e-mailed',
        params: adminSaleParamsSchema,
        body: rejectSaleBodySchema,
        response: { 200: adminSaleDetailResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { reason, other_reason, message } = request.body;
      await rejectSale(
        { db: ctx.db, clock: ctx.clock, appUrl: ctx.config.appUrl },
        currentStaff(request),
        request.params.id,
        { reason, otherReason: other_reason, message },
        request.ip,
      );
      return detail(request.params.id);
    },
  );

  app.post(
    '/:id/crypto-return',
    {
      config: reviewer,
      schema: {
        tags,
        summary:
          "Record that a rejected crypto sale's coins were sent back to the customer's address (transaction ID, confirm_code); once (409 CRYPTO_RETURN_RECORDED)",
        params: adminSaleParamsSchema,
        body: recordCryptoReturnBodySchema,
        response: { 200: adminSaleDetailResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await recordCryptoReturn(
        { db: ctx.db, clock: ctx.clock, confirm, appUrl: ctx.config.appUrl },
        currentStaff(request),
        request.params.id,
        { transactionId: request.body.transaction_id, confirmation: confirmer.of(request, request.body) },
        request.ip,
      );
      return detail(request.params.id);
    },
  );
};
