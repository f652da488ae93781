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

/** The pieces every crypto route of the back office shares: its store, clock and the confirmed caller. */
interface CryptoRouteKit {
  db: RouteContext['db'];
  deps: { clock: RouteContext['clock'] };
  /** The caller, once their code or passkey is confirmed (403 CONFIRMATION_INVALID otherwise). */
  confirmed: (request: FastifyRequest, body: StaffConfirmationInput) => Promise<StaffCall>;
}

/**
 * Coin adjustments and wallet addresses (admins only; docs/decisions.md §8). Every change needs the
 * staff member's confirmation (`confirm_code`, or `confirm_passkey`): a wrong adjustment misprices every
 * sale and a wrong address loses customers' coins.
 */
export const adminCryptoRoutes: FastifyPluginAsyncZod<{ ctx: RouteContext }> = async (app, { ctx }) => {
  const confirmer = staffConfirmer(ctx);
  const kit: CryptoRouteKit = {
    db: ctx.db,
    deps: { clock: ctx.clock },
    confirmed: async (request, body) => {
      const staff = currentStaff(request);
      await confirmer.verify(request, body);
      return { staff, ip: request.ip };
    },
  };
  const market: MarketDeps = { provider: ctx.marketData, clock: ctx.clock, settings: marketSettings(ctx.config) };
  await app.register(adjustmentRoutes, { kit, market });
  await app.register(walletRoutes, { kit });
  await app.register(manualPathRoutes, { kit });
};

/** Each coin's naira adjustment: a wrong one misprices every sale. */
const adjustmentRoutes: FastifyPluginAsyncZod<{ kit: CryptoRouteKit; market: MarketDeps }> = async (app, { kit, market }) => {
  const { db, deps, confirmed } = kit;
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
};

/** The shared wallet addresses customers send to by hand: a wrong one loses customers' coins. */
const walletRoutes: FastifyPluginAsyncZod<{ kit: CryptoRouteKit }> = async (app, { kit }) => {
  const { db, deps, confirmed } = kit;
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
};

/** Whether the screenshot path to the shared addresses is still open (docs/crypto-settlement.md, "The manual path"). */
const manualPathRoutes: FastifyPluginAsyncZod<{ kit: CryptoRouteKit }> = async (app, { kit }) => {
  const { db, deps, confirmed } = kit;
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
