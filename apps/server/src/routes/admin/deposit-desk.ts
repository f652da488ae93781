import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  closeDepositResponseSchema,
  closeDepositSchema,
  depositDeskListSchema,
  depositDeskParamsSchema,
  depositDeskQuerySchema,
  priceDepositResponseSchema,
  priceDepositSchema,
} from '@wise/shared/admin';
import type { RouteContext } from '#server/context';
import { marketSettings } from '#server/domain/crypto/market-cache';
import { closeDeposit, listDeskDeposits, priceDeposit, type DeskDeps } from '#server/domain/crypto-deposits/desk';
import { currentStaff } from '#server/plugins/staff-sessions';
import { errorResponses } from '../schemas';
import { staffConfirmer } from './confirmation';

const tags = ['admin: crypto'];
const reviewer = { staff: 'reviewer' } as const;

/**
 * Deposits the chain watcher could not sell by itself (docs/crypto-settlement.md, "Deposits that
 * wait for a person"): reviewers and admins list them, price one into a sale for someone else to
 * approve, or close one with the reason the customer reads. Both decisions need the staff member's
 * authenticator code or passkey and are audited.
 */
export const adminDepositDeskRoutes: FastifyPluginAsyncZod<{ ctx: RouteContext }> = async (app, { ctx }) => {
  const { db, clock, config } = ctx;
  const deps: DeskDeps = {
    clock,
    quotes: { provider: ctx.marketData, clock, settings: marketSettings(config), quoteTtlMs: config.CRYPTO_QUOTE_TTL_S * 1000 },
    bitcoinNetwork: config.CRYPTO_BITCOIN_NETWORK,
    appUrl: config.appUrl,
  };
  const confirmer = staffConfirmer(ctx);

  app.get(
    '/',
    {
      config: reviewer,
      schema: {
        tags,
        summary: 'Deposits waiting for a decision (review), held below the minimum, or closed, with the chain facts',
        querystring: depositDeskQuerySchema,
        response: { 200: depositDeskListSchema, ...errorResponses },
      },
    },
    async (request) => ({ deposits: await listDeskDeposits(db, deps, request.query.view) }),
  );

  app.post(
    '/:id/price',
    {
      config: reviewer,
      schema: {
        tags,
        summary:
          'Price a deposit in review into a sale at today\u2019s rate (confirm_code required); another reviewer approves the sale (409 DEPOSIT_CANNOT_BE_PRICED, DEPOSIT_NOT_WAITING)',
        params: depositDeskParamsSchema,
        body: priceDepositSchema,
        response: { 201: priceDepositResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      await confirmer.verify(request, request.body);
      const priced = await priceDeposit(db, deps, { staff: currentStaff(request), ip: request.ip }, request.params.id);
      return reply.status(201).send(priced);
    },
  );

  app.post(
    '/:id/close',
    {
      config: reviewer,
      schema: {
        tags,
        summary:
          'Close a deposit in review or held without a sale, with the reason the customer reads (confirm_code required; 409 DEPOSIT_NOT_WAITING)',
        params: depositDeskParamsSchema,
        body: closeDepositSchema,
        response: { 200: closeDepositResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await confirmer.verify(request, request.body);
      const call = { staff: currentStaff(request), ip: request.ip };
      return { deposit: await closeDeposit(db, deps, call, request.params.id, request.body.note) };
    },
  );
};
