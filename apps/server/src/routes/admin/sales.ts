import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminDeskSummarySchema,
  adminReviewerListSchema,
  adminSaleCardCodeResponseSchema,
  adminSaleClaimResponseSchema,
  assignSaleBodySchema,
  adminSaleDetailResponseSchema,
  adminSaleImageParamsSchema,
  adminSaleListQuerySchema,
  adminSaleListResponseSchema,
  adminSaleParamsSchema,
  approveSaleBodySchema,
  confirmApprovalBodySchema,
  declineApprovalBodySchema,
  manualPayoutBodySchema,
  resolvePayoutBodySchema,
  recordCryptoReturnBodySchema,
  rejectSaleBodySchema,
  retryPayoutBodySchema,
  transactionRecheckResponseSchema,
} from '@wise/shared/admin';
import type { RouteContext } from '#server/context';
import { approvalLimitsOf } from '#server/domain/admin/review/approvals';
import { recordCryptoReturn } from '#server/domain/admin/review/crypto-returns';
import {
  approveSale,
  claimSale,
  confirmSecondApproval,
  declineSecondApproval,
  rejectSale,
  releaseSale,
  type ApproveDeps,
} from '#server/domain/admin/review/decisions';
import { getSaleForReview, readCardCodeForStaff, readSaleImageForStaff, type ReviewReadDeps } from '#server/domain/admin/review/detail';
import { assignSale, getDeskSummary, listReviewers } from '#server/domain/admin/review/desk';
import { listSaleQueue } from '#server/domain/admin/review/queue';
import { marketSettings } from '#server/domain/crypto/market-cache';
import { requestTransactionRecheck } from '#server/domain/sales/transaction-check';
import { recordManualPayout, resolveHeldPayout, retryPayout, startPayout, type StaffPayoutDeps } from '#server/domain/payouts/index';
import { verifyStaffConfirmation, type StaffConfirmationRequest } from '#server/domain/staff/confirm';
import { currentStaff } from '#server/plugins/staff-sessions';
import { errorResponses } from '../schemas';
import { staffConfirmer } from './confirmation';

const tags = ['admin: sales'];
const reviewer = { staff: 'reviewer' } as const;
const admin = { staff: 'admin' } as const;

/**
 * The review queue and the decisions on sales (docs/decisions.md §8). Any signed-in staff
 * member reviews; approving asks for the authenticator code again because it moves money.
 */
export const adminSaleRoutes: FastifyPluginAsyncZod<{ ctx: RouteContext }> = async (app, { ctx }) => {
  const read: ReviewReadDeps = {
    db: ctx.db,
    clock: ctx.clock,
    market: { provider: ctx.marketData, clock: ctx.clock, settings: marketSettings(ctx.config) },
  };
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
  const staffPayoutDeps: StaffPayoutDeps = { db: ctx.db, clock: ctx.clock, confirm, appUrl: ctx.config.appUrl };
  const approvalLimitKobo = ctx.config.APPROVAL_LIMIT_NAIRA * 100;
  const detail = async (id: string) => ({ sale: { ...(await getSaleForReview(read, id)), approval_limit_kobo: approvalLimitKobo } });

  app.get(
    '/',
    {
      config: reviewer,
      schema: {
        tags,
        summary: 'The review queue: pending sales oldest first (or decided ones newest first), filtered, keyset-paged',
        querystring: adminSaleListQuerySchema,
        response: { 200: adminSaleListResponseSchema, ...errorResponses },
      },
    },
    async (request) => listSaleQueue(ctx.db, ctx.clock, request.query, currentStaff(request).id),
  );

  app.get(
    '/desk',
    {
      config: reviewer,
      schema: {
        tags,
        summary:
          "The review desk's header: sales waiting by kind (count and naira), the caller's assigned ones, today's approvals, rejections and paid total (APP_TIMEZONE), REVIEW_TARGET_MINUTES",
        response: { 200: adminDeskSummarySchema, ...errorResponses },
      },
    },
    async (request) =>
      getDeskSummary(
        ctx.db,
        ctx.clock,
        { timeZone: ctx.config.APP_TIMEZONE, reviewTargetMinutes: ctx.config.REVIEW_TARGET_MINUTES },
        currentStaff(request).id,
      ),
  );

  app.get(
    '/assignees',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Admin: the active staff a sale can be assigned to',
        response: { 200: adminReviewerListSchema, ...errorResponses },
      },
    },
    async () => listReviewers(ctx.db),
  );

  app.post(
    '/:id/assign',
    {
      config: admin,
      schema: {
        tags,
        summary:
          'Admin: give a waiting sale to a reviewer (their "mine" first), or take it back with null; audited (400 ASSIGNEE_NOT_ACTIVE, 409 SALE_ALREADY_DECIDED)',
        params: adminSaleParamsSchema,
        body: assignSaleBodySchema,
        response: { 200: adminSaleDetailResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await assignSale(ctx.db, ctx.clock, currentStaff(request), request.params.id, { staffId: request.body.staff_id }, request.ip);
      return detail(request.params.id);
    },
  );

  app.get(
    '/:id',
    {
      config: reviewer,
      schema: {
        tags,
        summary:
          'One sale for review: customer, images, terms and rates, whether there is a card code, bank, history, payouts, claim, decision, earlier sales',
        params: adminSaleParamsSchema,
        response: { 200: adminSaleDetailResponseSchema, ...errorResponses },
      },
    },
    async (request) => detail(request.params.id),
  );

  app.get(
    '/:id/images/:position',
    {
      config: reviewer,
      schema: { tags, summary: "One of the sale's images (WebP), for staff only", params: adminSaleImageParamsSchema },
    },
    async (request, reply) => {
      const image = await readSaleImageForStaff(ctx.db, ctx.files, request.params.id, request.params.position);
      // A customer's card photos are never kept by a shared cache or the browser's disk cache.
      return reply
        .header('content-type', image.contentType)
        .header('cache-control', 'private, no-store')
        .header('content-disposition', 'inline')
        .send(image.body);
    },
  );

  app.post(
    '/:id/card-code',
    {
      config: reviewer,
      schema: {
        tags,
        summary:
          "The gift card's code, for the reviewer holding the sale or an admin; each view audited (403 otherwise, 404 without a code)",
        params: adminSaleParamsSchema,
        response: { 200: adminSaleCardCodeResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const code = await readCardCodeForStaff(ctx.db, ctx.clock, currentStaff(request), request.params.id, request.ip);
      return reply.header('cache-control', 'no-store').send({ card_code: code });
    },
  );

  app.post(
    '/:id/claim',
    {
      config: reviewer,
      schema: {
        tags,
        summary: 'Lock the sale to the caller for SALE_CLAIM_MINUTES (409 naming who holds it otherwise)',
        params: adminSaleParamsSchema,
        response: { 200: adminSaleClaimResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ claim: await claimSale(ctx, currentStaff(request), request.params.id, request.ip) }),
  );

  app.post(
    '/:id/release',
    {
      config: reviewer,
      schema: {
        tags,
        summary: 'Give the sale back to the queue',
        params: adminSaleParamsSchema,
        response: { 200: adminSaleClaimResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await releaseSale(ctx, currentStaff(request), request.params.id, request.ip);
      return { claim: null };
    },
  );

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

  app.post(
    '/:id/transaction-check',
    {
      config: reviewer,
      schema: {
        tags,
        summary:
          "Check a manual crypto sale's transaction ID on chain again (queued; queued: false when a check asked for is still waiting or there is nothing to check)",
        params: adminSaleParamsSchema,
        response: { 202: transactionRecheckResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => reply.status(202).send({ queued: await requestTransactionRecheck(ctx.db, ctx.clock, request.params.id) }),
  );
};
