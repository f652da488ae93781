import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminWalletListSchema,
  adminWalletResponseSchema,
  coinAdjustmentResponseSchema,
  coinAdjustmentsResponseSchema,
  cryptoCoinParamsSchema,
  createWalletSchema,
  manualPathResponseSchema,
  updateAdjustmentSchema,
  updateManualPathSchema,
  updateWalletSchema,
  walletIdParamsSchema,
  type StaffConfirmationInput,
} from '@wise/shared/admin';
import type { RouteContext } from '#server/context';
import type { StaffCall } from '#server/domain/admin/catalogue';
import { createWallet, listAdminWallets, listCoinAdjustments, setCoinAdjustment, updateWallet } from '#server/domain/admin/crypto';
import { getManualPath, setManualPath } from '#server/domain/crypto/manual-path';
import { marketSettings, type MarketDeps } from '#server/domain/crypto/market-cache';
import { currentStaff } from '#server/plugins/staff-sessions';
import { errorResponses } from '../schemas';
import { staffConfirmer, withoutConfirmation } from './confirmation';

const tags = ['admin: crypto'];
const admin = { staff: 'admin' } as const;

/**
 * Coin adjustments and wallet addresses (admins only; docs/decisions.md §8). Every change needs the
 * staff member's confirmation (`confirm_code`, or `confirm_passkey`): a wrong adjustment misprices every
 * sale and a wrong address loses customers' coins.
 */
export const adminCryptoRoutes: FastifyPluginAsyncZod<{ ctx: RouteContext }> = async (app, { ctx }) => {
  const { db, clock } = ctx;
  const deps = { clock };
  const market: MarketDeps = { provider: ctx.marketData, clock, settings: marketSettings(ctx.config) };

  const confirmer = staffConfirmer(ctx);
  /** The caller, once their code or passkey is confirmed (403 CONFIRMATION_INVALID otherwise). */
  const confirmed = async (request: FastifyRequest, body: StaffConfirmationInput): Promise<StaffCall> => {
    const staff = currentStaff(request);
    await confirmer.verify(request, body);
    return { staff, ip: request.ip };
  };

  app.get(
    '/adjustments',
    {
      config: admin,
      schema: {
        tags,
        summary: "Each coin's naira adjustment and the naira-per-USD rate customers are quoted with it now",
        response: { 200: coinAdjustmentsResponseSchema, ...errorResponses },
      },
    },
    async () => listCoinAdjustments(db, market),
  );

  app.put(
    '/adjustments/:coin',
    {
      config: admin,
      schema: {
        tags,
        summary: "Set a coin's signed naira adjustment (confirm_code required); the next prices and quotes use it",
        params: cryptoCoinParamsSchema,
        body: updateAdjustmentSchema,
        response: { 200: coinAdjustmentResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const call = await confirmed(request, request.body);
      return { adjustment: await setCoinAdjustment(db, deps, market, call, request.params.coin, request.body.adjustment_ngn) };
    },
  );

  app.get(
    '/wallets',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Every wallet address, enabled or not, in display order',
        response: { 200: adminWalletListSchema, ...errorResponses },
      },
    },
    async () => ({ wallets: await listAdminWallets(db) }),
  );

  app.post(
    '/wallets',
    {
      config: admin,
      schema: {
        tags,
        summary: "Add a wallet address (checked against the network's alphabet and checksum; confirm_code required)",
        body: createWalletSchema,
        response: { 201: adminWalletResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const call = await confirmed(request, request.body);
      const input = withoutConfirmation(request.body);
      return reply.status(201).send({ wallet: await createWallet(db, deps, call, input) });
    },
  );

  app.patch(
    '/wallets/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Edit a wallet address: network, address, memo, enabled, order (confirm_code required)',
        params: walletIdParamsSchema,
        body: updateWalletSchema,
        response: { 200: adminWalletResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const call = await confirmed(request, request.body);
      const input = withoutConfirmation(request.body);
      return { wallet: await updateWallet(db, deps, call, request.params.id, input) };
    },
  );

  app.get(
    '/manual-path',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Whether customers may still sell by sending to the shared addresses with a screenshot',
        response: { 200: manualPathResponseSchema, ...errorResponses },
      },
    },
    async () => ({ manual_path: await getManualPath(db) }),
  );

  app.put(
    '/manual-path',
    {
      config: admin,
      schema: {
        tags,
        summary:
          'Open or close the manual path (confirm_code required; audited). Closed: no shared address is shown and no screenshot sale is taken',
        body: updateManualPathSchema,
        response: { 200: manualPathResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const call = await confirmed(request, request.body);
      return { manual_path: await setManualPath(db, deps, call, request.body.enabled) };
    },
  );
};
